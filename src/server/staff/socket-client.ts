import { createConnection } from "node:net";
import { join, resolve } from "node:path";
import { StaffCommandError } from "./command";

/*
 * The command line's end of the staff socket (control-socket.ts, decision 0010): kept apart from
 * the server's end so `npm run staff` loads no database code to talk to a running server.
 */

export type Reply = { ok: true; result: unknown } | { ok: false; error: string };

/** The socket of the server that owns `dataDir`. */
export function staffSocketPath(dataDir: string): string {
  return join(resolve(dataDir), "staff.sock");
}

/**
 * Sends one command to the server that owns the data directory. Answers undefined when no
 * server listens there (no socket file, or a dead owner's); throws the server's refusal.
 */
export function sendStaffCommand(dataDir: string, command: unknown): Promise<unknown | undefined> {
  return new Promise((done, fail) => {
    const socket = createConnection(staffSocketPath(dataDir));
    let answerText = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(command)}\n`));
    socket.on("data", (chunk: string) => {
      answerText += chunk;
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") done(undefined);
      else fail(error);
    });
    socket.on("end", () => {
      try {
        const reply = JSON.parse(answerText) as Reply;
        if (reply.ok) done(reply.result);
        else fail(new StaffCommandError(reply.error));
      } catch {
        fail(new Error("the server's answer could not be read"));
      }
    });
  });
}
