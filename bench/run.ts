/**
 * `npm run bench [-- --members 100000]`: measures the budgets of design §12 that exist so far.
 *
 * 1. Seeds a fresh embedded database (PGlite in a temp dir, or DATABASE_URL) with N members.
 * 2. In-process, through the Hono app (no network): GET /api/user.php and member search at
 *    50 concurrent requests.
 * 3. Over HTTP through the built Astro server (the production path: Astro's catch-all endpoint
 *    hands /api to Hono), so the cost of serving Hono inside Astro is measured too.
 * 4. Lighthouse (mobile) on landers and legal pages of that server, in the system Chromium.
 * Every loop is bounded in count; the server listens on loopback only.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { type LighthouseScore, printLighthouse, runLighthouse } from "./lighthouse";

const { values } = parseArgs({
  options: {
    members: { type: "string", default: "100000" },
    requests: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "50" },
  },
});
const MEMBERS = Number(values.members);
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const root = resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(join(tmpdir(), "amora-bench-"));
process.env.DATA_DIR ??= dataDir;
process.env.MEDIA_DIR ??= join(dataDir, "media");

const { closeDb } = await import("../src/server/db/client");
const { getReadyDb } = await import("../src/server/startup");
const { seedMembers, seedDemoLogins, DEMO_LOGINS } = await import("../src/server/db/seed");
const { getStorage } = await import("../src/server/lib/storage");
const { createApp } = await import("../src/server/app");

type Result = { name: string; p50: number; p95: number; p99: number; rps: number; budget?: string };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(
  name: string,
  call: (i: number) => Response | Promise<Response>,
  budget?: string,
  concurrency = CONCURRENCY,
): Promise<Result> {
  for (let i = 0; i < 100; i++) await (await call(i)).arrayBuffer(); // warm-up
  const timings: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const t0 = performance.now();
        const response = await call(i);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
        timings.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(timings, 50),
    p95: percentile(timings, 95),
    p99: percentile(timings, 99),
    rps: REQUESTS / seconds,
    budget,
  };
}

function print(results: Result[]) {
  console.log(
    `\n${"".padEnd(58)}  p50 ms  p95 ms  p99 ms     req/s  budget (design §12)\n${"-".repeat(110)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(58)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${r.rps.toFixed(0).padStart(9)}  ${r.budget ?? ""}`,
    );
  }
}

console.log(
  `Seeding ${MEMBERS} members into ${process.env.DATABASE_URL ? "PostgreSQL" : dataDir}…`,
);
const db = await getReadyDb();
await seedDemoLogins(db, getStorage());
const seedStart = performance.now();
await seedMembers(db, getStorage(), {
  members: MEMBERS,
  uniquePhotos: false,
  log: (line) => (line.includes("000 /") ? process.stdout.write(`\r${line}`) : undefined),
});
console.log(`\nSeeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

const app = createApp();
const login = await app.request("/api/user.php", {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: DEMO_LOGINS[0].email, password: DEMO_LOGINS[0].password }),
});
const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
const searches = [
  "",
  "gender=female",
  "gender=male&country=de",
  "gender=female&min_age=30&max_age=45",
  "country=se&min_age=25&max_age=35",
  "gender=male&country=fr&countryregion=Bretagne",
];

const results: Result[] = [];
results.push(
  await measure(
    "in-process  GET /api/user.php",
    () => app.request("/api/user.php", { headers: { cookie, "x-request-type": "client" } }),
    "p99 <= 25 ms at 50 concurrent",
  ),
);
const searchCall = (i: number) =>
  app.request(`/api/search.php?${searches[i % searches.length]}`, { headers: { cookie } });
results.push(
  await measure(
    `in-process  member search on ${MEMBERS} members, one at a time`,
    searchCall,
    "p95 <= 20 ms on 100 000 members",
    1,
  ),
);
results.push(await measure(`in-process  member search on ${MEMBERS} members`, searchCall));
await closeDb();

const entry = join(root, "dist/server/entry.mjs");
let lighthouseScores: LighthouseScore[] = [];
if (existsSync(entry) && !process.env.DATABASE_URL) {
  const port = 4399;
  const server = spawn(process.execPath, [entry], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), ASTRO_NODE_LOGGING: "disabled" },
    stdio: "ignore",
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${base}/api/settings.php`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    results.push(
      await measure(
        "HTTP via Astro  GET /api/user.php",
        () => fetch(`${base}/api/user.php`, { headers: { cookie, "x-request-type": "client" } }),
        "p99 <= 25 ms at 50 concurrent",
      ),
    );
    results.push(
      await measure(`HTTP via Astro  member search on ${MEMBERS} members`, (i) =>
        fetch(`${base}/api/search.php?${searches[i % searches.length]}`, { headers: { cookie } }),
      ),
    );
    results.push(
      await measure("HTTP via Astro  GET /members (SSR page)", () =>
        fetch(`${base}/members`, { headers: { cookie } }),
      ),
    );
    lighthouseScores = await runLighthouse(base);
  } finally {
    server.kill();
  }
} else {
  console.log("\n(HTTP runs skipped: run `npm run build` first; they need the embedded database.)");
}

print(results);
if (lighthouseScores.length > 0) printLighthouse(lighthouseScores);
console.log("\n/api/chats.php and /api/likes.php are measured once those features exist.");
rmSync(dataDir, { recursive: true, force: true });
