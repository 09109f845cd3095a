import { chmodSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import type { Database } from "../db/client";
import { runStaffCommand } from "./accounts";
import { StaffCommandError } from "./command";
import { type Reply, staffSocketPath } from "./socket-client";

/**
 * Decision 0010: the embedded database has one owner process (db/data-dir-lock.ts), so while a
 * server owns it, `npm run staff` asks that server to run its command, through a Unix socket in
 * the data directory that only the directory's user can open (mode 0600). One JSON line each
 * way: the command (command.ts `staffCommand`), then `{ ok, result }` or `{ ok, error }`.
 * The command line's end is socket-client.ts.
 */

/** The longest command line accepted: a command is a few hundred bytes. */
const MAX_REQUEST_BYTES = 16 * 1024;

/**
 * Listens on the data directory's staff socket. Call it only once this process owns the
 * directory: a socket file found there is then a dead owner's, and is replaced. Answers the
 * function that stops listening and removes the file.
 */
export async function startStaffControlSocket(
  dataDir: string,
  getDb: () => Promise<Database>,
): Promise<() => Promise<void>> {
  const path = staffSocketPath(dataDir);
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    let request = "";
    const reply = (answer: Reply) => socket.end(`${JSON.stringify(answer)}\n`);
    socket.setEncoding("utf8");
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      request += chunk;
      if (request.length > MAX_REQUEST_BYTES) {
        reply({ ok: false, error: "the command is too long" });
        return;
      }
      const end = request.indexOf("\n");
      if (end < 0) return;
      socket.pause();
      void answer(request.slice(0, end), getDb).then(reply);
    });
  });
  // The socket is made with the process's umask: none but the owner may connect, from the start.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((done, fail) => {
      server.once("error", fail);
      server.listen(path, () => done());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(path, 0o600);
  server.unref();
  return () => stopServer(server, path);
}

async function answer(line: string, getDb: () => Promise<Database>): Promise<Reply> {
  try {
    return { ok: true, result: await runStaffCommand(await getDb(), JSON.parse(line)) };
  } catch (error) {
    if (error instanceof StaffCommandError || error instanceof SyntaxError) {
      return { ok: false, error: error.message };
    }
    console.error("A staff command failed:", error);
    return { ok: false, error: "the command failed on the server; see its log" };
  }
}

function stopServer(server: Server, path: string): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    rmSync(path, { force: true });
  });
}
