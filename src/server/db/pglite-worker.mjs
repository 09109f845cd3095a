/**
 * The embedded database's own thread (design §12: the event loop is never blocked by the
 * database). PGlite runs here, behind a PostgreSQL wire-protocol server on a Unix socket
 * (@electric-sql/pglite-socket), so the application speaks the same `pg` protocol to PGlite as
 * to a PostgreSQL server, and a query running here never stalls the main thread's requests.
 *
 * One connection only: PGlite is a single session, and the socket package's multiplexer
 * interleaves connections at the level of protocol messages, which two concurrent extended-
 * protocol queries (Parse … Sync) would corrupt. The application's pool has one connection
 * (src/server/db/client.ts) and queues queries itself, as PGlite would.
 *
 * Plain JavaScript, not TypeScript: a worker thread loads this file by its path, untranslated,
 * in development, tests and the production build alike.
 */
import { readFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const { dataDir, socketPath, snapshot } = workerData;
let db;
let server;

async function stop() {
  await server?.stop();
  await db?.close();
}

try {
  // A test file's database starts from the run's dump (migrated already): loading it takes
  // about a second, where initialising a cluster and migrating it takes many.
  const options = snapshot ? { loadDataDir: new Blob([await readFile(snapshot)]) } : {};
  db = await PGlite.create(dataDir, options);
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 });
  await server.start();
  parentPort.on("message", async (message) => {
    if (message !== "close") return;
    await stop();
    parentPort.postMessage({ closed: true });
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  await stop().catch(() => {});
  parentPort.postMessage({ error: error instanceof Error ? error.stack : String(error) });
}
