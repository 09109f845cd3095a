import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "../server/app";
import { getReadyDb } from "../server/startup";

/*
 * A second app process for tests that need two (the event bus across processes): the API on
 * this process's own connection pool to DATABASE_URL, on loopback, on a free port it prints.
 */
await getReadyDb();
const app = createApp();
const server = createServer(
  getRequestListener((request, env) =>
    app.fetch(request, { clientAddress: env.incoming.socket.remoteAddress ?? "" }),
  ),
);
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
