/**
 * `npm start`: builds on first run (or when sources changed), applies migrations, seeds the demo
 * on an empty database, prints the demo logins, then serves the built site.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { closeDb, getConnection } from "../src/server/db/client";
import { DEMO_LOGINS, seedDemoIfEmpty } from "../src/server/db/seed";
import { getStorage } from "../src/server/lib/storage";

const root = resolve(import.meta.dirname, "..");
if (existsSync(join(root, ".env"))) process.loadEnvFile(join(root, ".env"));
process.env.HOST ??= "127.0.0.1";
process.env.PORT ??= "4321";

const entry = join(root, "dist/server/entry.mjs");

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

function isBuildStale(): boolean {
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  const inputs = ["src", "public", "drizzle", "astro.config.mjs", "package.json"];
  return inputs.some((input) => newestChange(join(root, input)) > built);
}

if (process.argv.includes("--build") || isBuildStale()) {
  console.log("Building the site (first run or sources changed)…");
  const build = spawnSync(join(root, "node_modules/.bin/astro"), ["build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { db, engine } = await getConnection();
console.log(
  `Database: ${engine === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${process.env.DATA_DIR ?? "./data"}`}, migrations applied.`,
);
await seedDemoIfEmpty(db, getStorage(), {
  members: Number(process.env.SEED_MEMBERS ?? 320),
  log: (message) => console.log(message),
});
// design §2: one process owns the PGlite directory; hand it over to the server.
await closeDb();

const url = `http://${process.env.HOST === "127.0.0.1" ? "localhost" : process.env.HOST}:${process.env.PORT}`;
console.log(`\nServing ${url}`);
console.log("Demo logins:");
for (const login of DEMO_LOGINS) {
  console.log(`  ${login.email} / ${login.password}  (${login.description})`);
}
console.log(
  `Second demo site (German, host-based settings): http://127.0.0.1:${process.env.PORT}\n`,
);

await import(pathToFileURL(entry).href);
