/**
 * One of the WEB_CONCURRENCY server processes `npm start` forks (scripts/start.ts): the primary
 * has built, migrated and seeded; this process only serves, on the port all of them share.
 */
import { join, resolve } from "node:path";
import { getEnv } from "../src/server/lib/env";
import { serveBuild } from "./serve-build";

const env = getEnv();
await serveBuild(join(resolve(import.meta.dirname, ".."), "dist/server/entry.mjs"), {
  host: env.HOST,
  port: env.PORT,
});
