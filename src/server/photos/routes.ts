import { Hono } from "hono";
import type { AppEnv } from "../lib/context";
import { getStorage, isSafeStorageKey } from "../lib/storage";

/**
 * GET /media/<key>: stored photos. Keys carry a random part (design §8), so a URL is only known
 * to whoever was allowed to see it; files never change under a key, so they cache for a year.
 */
export const mediaRoutes = new Hono<AppEnv>().get("/*", async (c) => {
  const key = c.req.path.replace(/^\/media\//, "");
  if (!isSafeStorageKey(key)) return c.notFound();
  const body = await getStorage().get(key);
  if (!body) return c.notFound();
  return c.body(body as Uint8Array<ArrayBuffer>, 200, {
    "content-type": key.endsWith(".webp") ? "image/webp" : "application/octet-stream",
    "cache-control": "public, max-age=31536000, immutable",
  });
});
