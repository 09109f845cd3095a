/**
 * The bench's baseline: a bare Hono server on @hono/node-server that answers every GET with the
 * bytes and headers given in BARE_BODY_FILE / BARE_HEADERS (what the site answered to the same
 * request). Side by side in one run, it shows what the machine and the HTTP stack can do, so
 * the site's numbers read as a ratio instead of absolute figures of one machine.
 */
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const body = readFileSync(process.env.BARE_BODY_FILE ?? "");
const headers = JSON.parse(process.env.BARE_HEADERS ?? "{}") as Record<string, string>;
const app = new Hono().get("*", (c) => c.body(body, 200, headers));

serve({ fetch: app.fetch, hostname: "127.0.0.1", port: Number(process.env.PORT) }, () => {
  process.send?.("ready");
});
