/**
 * `npm start`: builds on first run (or when sources changed), applies migrations, seeds the demo
 * logins on an empty database (its members follow, seeded by the server's job runner), prints
 * the demo logins, then serves the built site: in this process, or with WEB_CONCURRENCY=N
 * (PostgreSQL only) in N server processes sharing the port (node:cluster) and nothing else but
 * the database, which this one watches over.
 */
import { spawn } from "node:child_process";
import cluster from "node:cluster";
import { once } from "node:events";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { closeDb, getConnection } from "../src/server/db/client";
import { exitIfDataDirLocked, lockDataDir } from "../src/server/db/data-dir-lock";
import { DEMO_LOGINS, seedDemoIfEmpty } from "../src/server/db/seed";
import { getEnv } from "../src/server/lib/env";
import { getStorage } from "../src/server/lib/storage";
import { DEMO_STAFF_EMAIL, demoStaffTotpSecret } from "../src/server/staff/demo";
import { getReadyDb } from "../src/server/startup";
import { serveBuild } from "./serve-build";

const root = resolve(import.meta.dirname, "..");
if (existsSync(join(root, ".env"))) process.loadEnvFile(join(root, ".env"));
// A bad setting stops here, before a build, with a message naming it.
const env = getEnv();
// astro.config.mjs reads HOST and PORT as well (for the build): hand it the checked values.
process.env.HOST = env.HOST;
process.env.PORT = String(env.PORT);

// design §10: one process owns the embedded database. Taken before the build, so a second start
// stops at once, and held until this process exits (the server it loads shares the hold).
if (!env.DATABASE_URL) await exitIfDataDirLocked(() => lockDataDir(env.DATA_DIR));

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

/** Builds the site; its output goes to the terminal, a failed build stops the start. */
async function build(): Promise<void> {
  console.log("Building the site (first run or sources changed)…");
  // Asynchronous, not spawnSync: the data directory's lock is refreshed by a timer of this
  // process, which a blocked event loop would let go stale during a minute-long build.
  const child = spawn(join(root, "node_modules/.bin/astro"), ["build"], {
    cwd: root,
    stdio: "inherit",
  });
  process.once("exit", () => child.kill());
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) process.exit(code ?? 1);
}

/**
 * Migrations, and on an empty database the demo logins (its members follow by a job). Answers
 * the demo staff admin's TOTP key while that account exists (only where the demo was seeded).
 */
async function prepareDatabase(): Promise<string | null> {
  const db = await getReadyDb();
  const { engine } = await getConnection();
  console.log(
    `Database: ${engine === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${env.DATA_DIR}`}, migrations applied.`,
  );
  if (await seedDemoIfEmpty(db, getStorage(), { members: env.SEED_MEMBERS })) {
    console.log(
      `Seeded the demo logins; ${env.SEED_MEMBERS} demo members with generated photos follow in the background.`,
    );
  }
  const staffTotpSecret = await demoStaffTotpSecret(db);
  // The server below is a separate bundle with its own database client: close ours, so PGlite's
  // files have one user. The directory's lock stays with this process.
  await closeDb();
  return staffTotpSecret;
}

// Side by side: on a first start both take seconds, and the build is mostly another process.
const [, staffTotpSecret] = await Promise.all([
  process.argv.includes("--build") || isBuildStale() ? build() : undefined,
  prepareDatabase(),
]);

const url = `http://${env.HOST === "127.0.0.1" ? "localhost" : env.HOST}:${env.PORT}`;
console.log(`\nServing ${url}`);
console.log("Demo logins:");
for (const login of DEMO_LOGINS) {
  console.log(`  ${login.email} / ${login.password}  (${login.description})`);
}
if (staffTotpSecret) {
  const staffSide = env.STAFF_ORIGIN ?? env.AMORA_ORIGIN;
  console.log(
    `Staff console ${staffSide}/staff: ${DEMO_STAFF_EMAIL} / ${DEMO_LOGINS[0].password}, ` +
      `TOTP key ${staffTotpSecret} (add it to an authenticator app)`,
  );
}
console.log(`Second demo site (German, host-based settings): http://127.0.0.1:${env.PORT}`);
console.log(
  env.DEV_OUTBOX
    ? `E-mails the site sends: ${url}/dev/mailbox (DEV_OUTBOX=true)\n`
    : env.SMTP_URL
      ? "E-mails are delivered through SMTP_URL.\n"
      : "E-mails stay in the outbox; to read them, start with DEV_OUTBOX=true and open /dev/mailbox.\n",
);

if (env.WEB_CONCURRENCY === 1) {
  await serveBuild(entry, { host: env.HOST, port: env.PORT });
} else {
  superviseServers(env.WEB_CONCURRENCY);
}

/**
 * design §12, every core: N server processes (scripts/serve-worker.ts) on one port; the cluster
 * module hands each new connection to the next. One that dies is replaced, unless it died
 * within seconds of starting (then something is wrong that a restart will not fix).
 */
function superviseServers(count: number) {
  cluster.setupPrimary({ exec: join(root, "scripts/serve-worker.ts") });
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  let stopping = false;
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    console.error(`Server process ${worker.process.pid} stopped (${signal ?? code}).`);
    if (lived < 10_000) {
      console.error("It stopped right after starting: not restarting it.");
      process.exitCode = 1;
      return;
    }
    fork();
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill(signal);
    });
  }
  for (let i = 0; i < count; i++) fork();
  console.log(`${count} server processes (WEB_CONCURRENCY).`);
}
