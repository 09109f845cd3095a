/**
 * The bench's baseline: a bare Hono server on @hono/node-server that answers every GET with the
 * bytes and headers given in BARE_BODY_FILE / BARE_HEADERS (what the site answered to the same
 * request). Side by side in one run, it shows what the machine and the HTTP stack can do, so
 * the site's numbers read as a ratio instead of absolute figures of one machine.
 *
 * With BARE_COMPRESS=br the file holds a page's uncompressed bytes, and every answer compresses
 * them anew as the site compresses its pages (brotli, the same parameters, in zlib's thread
 * pool): a server that does everything a dynamic page needs but make it.
 *
 * With BARE_PROCESSES=N it serves from N processes sharing the port (node:cluster), as the site
 * does with WEB_CONCURRENCY=N: a line of the site's processes is read against the same number
 * of the baseline's.
 */
import cluster from "node:cluster";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { compressBytes } from "../src/server/lib/compress-answer";

const body = readFileSync(process.env.BARE_BODY_FILE ?? "");
const headers = JSON.parse(process.env.BARE_HEADERS ?? "{}") as Record<string, string>;
const app =
  process.env.BARE_COMPRESS === "br"
    ? new Hono().get("*", async (c) =>
        c.body(await compressBytes("br", body), 200, {
          ...headers,
          "content-encoding": "br",
        }),
      )
    : new Hono().get("*", (c) => c.body(body, 200, headers));

const processes = Number(process.env.BARE_PROCESSES ?? 1);
if (processes > 1 && cluster.isPrimary) {
  const workers = Array.from({ length: processes }, () => cluster.fork());
  await Promise.all(workers.map((worker) => once(worker, "listening")));
  process.send?.("ready");
} else {
  serve({ fetch: app.fetch, hostname: "127.0.0.1", port: Number(process.env.PORT) }, () => {
    if (cluster.isPrimary) process.send?.("ready");
  });
}
