/**
 * Issue 28 item 4's budget, for bench/engine.ts: the console's home, GET /api/staff/metrics for
 * a year of one site, ≤ 200 ms p95. The rollup rows are generated straight into metric_rollups
 * (a year of daily figures the size of 100 000 members' site: what the metrics job would have
 * stored), beside the bench's million messages; the scheduled rollup then recounts today and
 * yesterday from those as a server would. An admin signs in with password and TOTP.
 *
 * Run alone, in process and bounded (no build, no server): `npx tsx bench/metrics.ts`.
 */
import type { Database } from "../src/server/db/client";

export type MetricsSeed = { email: string; password: string; secret: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** The request the console's home makes for the last year of Amora. */
export const metricsPath = () => `/api/staff/metrics?site=amora&from=${day(-365)}&to=${day(0)}`;

/** 400 days of every figure of the two sites, scaled to `members`, and an admin to read them. */
export async function seedMetrics(db: Database, members: number): Promise<MetricsSeed> {
  const { sql } = await import("drizzle-orm");
  const { addStaff } = await import("../src/server/staff/accounts");
  const perDay = Math.max(1, Math.round(members / 365));
  await db.execute(sql`
    insert into metric_rollups (site_id, day, metric, currency, value)
    select site, d::date, m.metric, m.currency, (random() * m.scale * ${perDay})::bigint
    from unnest(array['amora', 'herzklopfen']) site,
      generate_series(current_date - 400, current_date, interval '1 day') d,
      (values ('signups', '', 1), ('activations', '', 1), ('active_members', '', 20),
        ('messages_members', '', 60), ('messages_profiles', '', 20), ('likes', '', 30),
        ('matches', '', 3), ('first_payments', '', 0.05), ('open_reports', '', 0.01),
        ('revenue', 'EUR', 100), ('revenue', 'GBP', 20), ('revenue', 'PLN', 50))
        m(metric, currency, scale)
    on conflict do nothing`);
  const seed = { email: "bench-admin@bench.example", password: "a bench admin's passphrase" };
  const added = await addStaff(db, { ...seed, role: "admin" });
  return { ...seed, secret: added.totp_secret };
}

/** The admin's `staff` cookie, signed in over HTTP as the console does. */
export async function staffCookie(base: string, seed: MetricsSeed): Promise<string> {
  const { totpCodeAt, totpStepAt } = await import("../src/server/staff/totp");
  const totp = totpCodeAt(seed.secret, totpStepAt(Date.now()));
  const login = await fetch(`${base}/api/staff/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: seed.email, password: seed.password, totp }),
  });
  if (!login.ok) throw new Error(`staff login: HTTP ${login.status} ${await login.text()}`);
  return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

/** Alone: 1 000 requests through the app in process on a fresh embedded database. */
async function main() {
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const scratch = mkdtempSync(join(tmpdir(), "bench-metrics-"));
  Object.assign(process.env, {
    DATA_DIR: join(scratch, "data"),
    MEDIA_DIR: join(scratch, "media"),
    EMAIL_HASH_SECRET: "a bench run's banned-address key, not a secret",
  });
  delete process.env.DATABASE_URL;
  const { getReadyDb } = await import("../src/server/startup");
  const { closeDb } = await import("../src/server/db/client");
  const { createApp } = await import("../src/server/app");
  const { createStaffSession, STAFF_COOKIE } = await import("../src/server/staff/session");
  const { findStaffByEmail } = await import("../src/server/staff/login");
  try {
    const db = await getReadyDb();
    await seedMetrics(db, 100_000);
    const admin = await findStaffByEmail(db, "bench-admin@bench.example");
    if (!admin) throw new Error("no admin");
    const { token } = await createStaffSession(db, admin.id, null);
    const app = createApp();
    const headers = { cookie: `${STAFF_COOKIE}=${token}` };
    const latencies: number[] = [];
    for (let i = 0; i < 1100; i++) {
      const started = performance.now();
      const answer = await app.request(metricsPath(), { headers });
      if (answer.status !== 200) throw new Error(`HTTP ${answer.status} ${await answer.text()}`);
      await answer.arrayBuffer();
      if (i >= 100) latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    const at = (p: number) => latencies[Math.floor((p / 100) * latencies.length)]?.toFixed(1);
    console.log(
      `console's home: GET /api/staff/metrics, a year (in process): p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms (budget p95 <= 200 ms)`,
    );
    await closeDb();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
