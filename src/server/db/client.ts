import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import type { ExtractTablesWithRelations, Logger, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { getEnv } from "../lib/env";
import { lockDataDir } from "./data-dir-lock";
import { type ChannelListener, type ListenHandlers, listenOnPool, listenOnServer } from "./listen";
import { CONNECT_TIMEOUT_MS, hookedPool, keepConnectionOnStatementErrors } from "./pool";
import * as schema from "./schema";

/** The port number only names the socket file (`.s.PGSQL.<port>`), as PostgreSQL does. */
const PGLITE_SOCKET_PORT = 5432;

export type Schema = typeof schema;
/** The one database type services see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;

/**
 * The rows of one raw statement (`db.execute`): both engines answer through node-postgres,
 * whose result carries them, where drizzle's types say only that there is a result.
 */
export async function executeRows<Row>(db: Pick<Database, "execute">, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

export type { ChannelListener, ListenHandlers } from "./listen";

export type Connection = {
  db: Database;
  close: () => Promise<void>;
  engine: "pglite" | "postgres";
  /**
   * Loaded from a test run's snapshot (TEST_DATABASE_SNAPSHOT): its planner statistics were
   * gathered when the snapshot was made, by the same start-up (startup.ts).
   */
  fromSnapshot: boolean;
  /** Hears the NOTIFY payloads of one channel (ARCHITECTURE.md, the session cache). */
  listen: (channel: string, handlers: ListenHandlers) => Promise<ChannelListener>;
};

const queryObservers = new Set<(query: string) => void>();

/** Drizzle calls its logger once for each statement it sends to either driver. */
const queryLogger: Logger = {
  logQuery(query) {
    for (const observe of queryObservers) observe(query);
  },
};

/**
 * Calls `observe` with the SQL of every statement the database is sent until the returned
 * function is called. Only tests use it, to count a request's statements (ARCHITECTURE.md, the
 * hot path); without an observer a statement costs one loop over an empty set, as drizzle calls
 * its default no-op logger for every statement anyway.
 *
 * @example const stop = observeQueries((sql) => statements.push(sql)); …; stop();
 */
export function observeQueries(observe: (query: string) => void): () => void {
  queryObservers.add(observe);
  return () => queryObservers.delete(observe);
}

/**
 * A connection's close, run once: a second call (the process's shutdown after a test or a
 * script closed it already) waits for the first instead of ending the pool twice.
 */
function closingOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

/**
 * PGlite in a worker thread of its own (src/server/db/pglite-worker.mjs), reached over the
 * PostgreSQL protocol on a Unix socket in a private directory: the same `pg` pool and Drizzle
 * driver as a PostgreSQL server, and no query ever runs on the event loop that serves requests
 * (design §12). One connection: PGlite is a single session (see the worker's comment).
 */
async function openPglite(
  dataDir: string,
  migrationsFolder: string,
  snapshot: string | undefined,
): Promise<Connection> {
  const inMemory = dataDir.startsWith("memory://");
  // design §10: one process owns a PGlite data directory; a second one stops here.
  const release = inMemory ? async () => {} : await lockDataDir(dataDir);
  // mkdtemp makes the directory 0700: only this user can reach the socket inside it.
  const socketDir = mkdtempSync(join(tmpdir(), "amora-pglite-"));
  let closing = false;
  const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
    workerData: {
      dataDir: inMemory ? dataDir : resolve(dataDir, "pglite"),
      socketPath: join(socketDir, `.s.PGSQL.${PGLITE_SOCKET_PORT}`),
      // Tests: an in-memory database starts from the run's migrated dump (TEST_DATABASE_SNAPSHOT).
      snapshot: inMemory ? snapshot : undefined,
    },
  });
  // The database thread never keeps a process alive by itself (scripts end when their work does).
  worker.unref();
  const stopWorker = async () => {
    closing = true;
    if (worker.threadId !== -1) {
      const closed = once(worker, "message");
      worker.postMessage("close");
      await Promise.race([closed, once(worker, "exit")]);
      await worker.terminate();
    }
    rmSync(socketDir, { recursive: true, force: true });
    await release();
  };
  try {
    const [message] = (await Promise.race([
      once(worker, "message"),
      once(worker, "exit").then(([code]) => [{ error: `the database thread exited (${code})` }]),
    ])) as [{ ready?: true; error?: string }];
    if (!message.ready) throw new Error(`PGlite did not start: ${message.error}`);
    worker.on("exit", (code) => {
      if (closing) return;
      // Without its database the process can serve nothing right: stop, to be restarted.
      console.error(`The database thread stopped unexpectedly (exit ${code}).`);
      process.exit(1);
    });
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const hooked = hookedPool(pg, {
      host: socketDir,
      port: PGLITE_SOCKET_PORT,
      user: "postgres",
      database: "postgres",
      max: 1,
      // The one connection stays: each new one is the same database session (below).
      idleTimeoutMillis: 0,
      allowExitOnIdle: true,
    });
    // PGlite has one session, which outlives a connection to it: a new connection would find
    // the last one's prepared statements (pg then fails to prepare them again, "already
    // exists"), its LISTENs, and an open transaction if it died in one. So the one connection
    // is kept (no idle timeout; a failed statement does not drop it, below), and one that
    // replaces a broken connection starts from a clean session; the listen hooks, added after
    // this one, then listen again.
    hooked.hooks.add(async (client) => {
      await client.query("ROLLBACK");
      await client.query("DISCARD ALL");
    });
    const { pool } = hooked;
    keepConnectionOnStatementErrors(pool);
    const db = drizzle({ client: pool, schema, logger: queryLogger });
    await migrate(db, { migrationsFolder });
    const listeners: ChannelListener[] = [];
    const close = closingOnce(async () => {
      for (const listener of listeners) await listener.close();
      await pool.end();
      await stopWorker();
    });
    const listen = async (channel: string, handlers: ListenHandlers) => {
      const listener = await listenOnPool(hooked, channel, handlers);
      listeners.push(listener);
      return listener;
    };
    return { db, close, engine: "pglite", listen, fromSnapshot: inMemory && !!snapshot };
  } catch (error) {
    await stopWorker();
    throw error;
  }
}

async function openPostgres(url: string, poolSize: number, migrationsFolder: string) {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // A server that does not answer (a failover to an address nobody holds yet) fails the
  // request in seconds rather than holding it; a dead peer is noticed by TCP keepalive.
  const config = {
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  };
  const hooked = hookedPool(pg, { ...config, max: poolSize });
  const { pool } = hooked;
  const db = drizzle({ client: pool, schema, logger: queryLogger });
  await migrate(db, { migrationsFolder });
  const listeners: ChannelListener[] = [];
  const close = closingOnce(async () => {
    for (const listener of listeners) await listener.close();
    await pool.end();
  });
  const listen = async (channel: string, handlers: ListenHandlers): Promise<ChannelListener> => {
    const server = await listenOnServer(url, channel, handlers);
    // The pooled connections listen too, so a write of this process is heard on its own
    // connection before its statement returns, as on PGlite (read-your-writes: a logout's next
    // request is refused). They are not what the listener's liveness stands on: idle, the pool
    // closes them.
    const own = await listenOnPool(hooked, channel, { ...handlers, onReset: () => {} });
    const listener = {
      get live() {
        return server.live;
      },
      close: async () => {
        await own.close();
        await server.close();
      },
    };
    listeners.push(listener);
    return listener;
  };
  return { db, close, engine: "postgres", listen, fromSnapshot: false } satisfies Connection;
}

let connection: Promise<Connection> | undefined;
/**
 * How long a failure to open the database is the answer before opening is tried again: PGlite's
 * (a locked or broken data directory) for a while; a PostgreSQL server's (away while the process
 * starts) only briefly, as it serves again within a second of the server's return.
 */
const OPEN_RETRY_MS = { pglite: 5_000, postgres: 500 };

/**
 * The process-wide database, opened on first use with migrations applied (design §2):
 * PostgreSQL through a pg pool when DATABASE_URL is set, else PGlite in DATA_DIR. It knows no
 * feature: a process's start-up work on the data is src/server/startup.ts's.
 */
export function getConnection(): Promise<Connection> {
  if (!connection) {
    const env = getEnv();
    const migrationsFolder = resolve(env.MIGRATIONS_DIR);
    connection = (
      env.DATABASE_URL
        ? openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE, migrationsFolder)
        : openPglite(env.DATA_DIR, migrationsFolder, env.TEST_DATABASE_SNAPSHOT)
    ).catch((error: unknown) => {
      // Every request waits on this: for a while it is answered with the same failure, so a
      // database that cannot open is not tried again (a worker thread each time) per request.
      const failed = connection;
      setTimeout(
        () => {
          if (connection === failed) connection = undefined;
        },
        OPEN_RETRY_MS[env.DATABASE_URL ? "postgres" : "pglite"],
      ).unref();
      throw error;
    });
  }
  return connection;
}

export async function getDb(): Promise<Database> {
  return (await getConnection()).db;
}

export async function closeDb(): Promise<void> {
  const opening = connection;
  connection = undefined;
  // A database that failed to open has nothing to close.
  const open = await opening?.catch(() => undefined);
  await open?.close();
}
