/**
 * Issue 25, item 3 (design §6): the built server, started as `npm start` starts it in
 * production, is killed with SIGKILL in the middle of a burst of charged messages, each sent
 * with an Idempotency-Key, then started again; every key is retried, as the browser client
 * retries. Passes when, in every round:
 * - every retry gets one answer, 200: the first answer again where one arrived before the kill
 *   (the same body, replayed), a message sent once where none did; never 409 or 5xx;
 * - every message that committed was stored once and charged once: one message per key, one
 *   ledger row per message, and each balance is its ledger's sum;
 * - no key is left claimed without an answer.
 *
 * Usage (after `npm run build`; .ci/run runs both):
 *   npm run fault:kill-burst -- pglite
 *   FAULT_DATABASE_URL=postgres://… npm run fault:kill-burst -- postgres
 * The PostgreSQL database is wiped first. Options: --rounds N (default 3), --port N.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const root = resolve(import.meta.dirname, "../..");
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: "string", default: "3" }, port: { type: "string", default: "48321" } },
});
const engine = positionals[0];
if (engine !== "pglite" && engine !== "postgres") {
  console.error("usage: npm run fault:kill-burst -- pglite|postgres [--rounds N]");
  process.exit(2);
}
const rounds = Number(values.rounds);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

/** Payers a round, and messages each sends: 8 stays under the messages policy (20 a minute) with every one retried. */
const PAYERS = 12;
const MESSAGES_EACH = 8;
const START_CREDITS = 10_000;
/** Sends in flight at once during the burst. */
const CONCURRENCY = 16;
/** The kill comes once this many first answers have arrived: mid-burst, with writes in flight. */
const KILL_AFTER_ANSWERS = 25;
const KILL_JITTER_MS = 300;
const READY_TIMEOUT_MS = 120_000;
const CALL_TIMEOUT_MS = 30_000;

const scratch = mkdtempSync(join(tmpdir(), "amora-fault-"));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  SEED_MEMBERS: "0",
  SANDBOX_PAYMENTS_IN_PRODUCTION: "true",
  EMAIL_HASH_SECRET: "a test run's banned-address key, not a secret",
  MEDIA_DIR: join(scratch, "media"),
  HOST: "127.0.0.1",
  PORT: String(port),
  ASTRO_TELEMETRY_DISABLED: "1",
};
if (engine === "postgres") {
  if (!process.env.FAULT_DATABASE_URL) throw new Error("FAULT_DATABASE_URL is not set");
  env.DATABASE_URL = process.env.FAULT_DATABASE_URL;
} else {
  delete env.DATABASE_URL;
  env.DATA_DIR = join(scratch, "data");
}
// This process opens the same database between the server's runs, to make members and check.
Object.assign(process.env, env);

type Answer = { status: number; body: string; replayed: boolean } | { lost: string };
type Send = { payer: Payer; key: string; text: string; first?: Answer; retry?: Answer };
type Payer = { userId: number; cookie: string; conversation: number };

let server: ChildProcess | undefined;

/** `npm start` in a process group of its own, so that SIGKILL reaches npm, tsx and the server. */
function startServer(): ChildProcess {
  const child = spawn("npm", ["start", "--silent"], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  server = child;
  return child;
}

function signalServer(signal: NodeJS.Signals): void {
  if (!server?.pid) return;
  try {
    process.kill(-server.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Is any process of the server's group still alive (npm exits before the server under it)? */
function isGroupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the server with `signal` and waits until every process of its group is gone: only then
 * is the embedded database's directory free for this process, or for the next start.
 */
async function stopServer(signal: NodeJS.Signals): Promise<void> {
  const child = server;
  const pid = child?.pid;
  if (!child || !pid) return;
  signalServer(signal);
  const deadline = Date.now() + 20_000;
  while (isGroupAlive(pid)) {
    if (Date.now() > deadline) process.kill(-pid, "SIGKILL");
    await new Promise((done) => setTimeout(done, 50));
  }
  server = undefined;
}

async function waitReady(): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`the server exited (${server?.exitCode})`);
    try {
      const answer = await fetch(`${base}/api/user.php`, { signal: AbortSignal.timeout(2000) });
      await answer.arrayBuffer();
      if (answer.status === 403) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

async function call(method: string, path: string, cookie: string, body: unknown, key?: string) {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie,
      "content-type": "application/json",
      ...(key ? { "idempotency-key": key } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  return {
    status: answer.status,
    body: await answer.text(),
    replayed: answer.headers.get("idempotent-replayed") === "true",
  };
}

async function send(item: Send): Promise<Answer> {
  try {
    return await call(
      "POST",
      "/api/message.php",
      item.payer.cookie,
      { conversation: item.payer.conversation, text: item.text },
      item.key,
    );
  } catch (error) {
    return { lost: String((error as Error).cause ?? error) };
  }
}

/** Members for one round, made in the database while no server runs (the embedded one has one owner). */
async function createMembers(round: number) {
  const { closeDb } = await import("../../src/server/db/client");
  const { getReadyDb } = await import("../../src/server/startup");
  const { createTestMember, uniqueEmail } = await import("../../src/test/members");
  const { createSession, generateSessionToken, SESSION_COOKIE } = await import(
    "../../src/server/auth/session"
  );
  const db = await getReadyDb();
  const recipient = await createTestMember(db, { email: uniqueEmail(`fault-${round}-to`) });
  const payers = [];
  for (let index = 0; index < PAYERS; index++) {
    const payer = await createTestMember(db, {
      email: uniqueEmail(`fault-${round}-payer`),
      paidUser: true,
      credits: START_CREDITS,
      profile: { gender: "male", seeking: "female" },
    });
    const token = generateSessionToken();
    await createSession(db, token, payer.user.id);
    payers.push({ userId: payer.user.id, cookie: `${SESSION_COOKIE}=${token}` });
  }
  await closeDb();
  return { recipientProfile: recipient.profile.id, payers };
}

type Check = { problems: string[] };

/** What the database holds after the round, against what the sends were told. */
async function checkDatabase(sends: Send[], payers: Payer[], check: Check): Promise<void> {
  const { sql } = await import("drizzle-orm");
  const { closeDb, executeRows } = await import("../../src/server/db/client");
  const { getReadyDb } = await import("../../src/server/startup");
  const db = await getReadyDb();
  const ids = payers.map((payer) => payer.userId);
  const stored = await executeRows<{ body: string; copies: number }>(
    db,
    sql`select body, count(*)::int as copies from messages
        where sender_user_id in ${ids} group by body`,
  );
  const copies = new Map(stored.map((row) => [row.body, row.copies]));
  for (const item of sends) {
    const count = copies.get(item.text) ?? 0;
    if (count !== 1) check.problems.push(`${item.key}: stored ${count} times`);
  }
  const ledgers = await executeRows<{
    user_id: number;
    credits: number;
    ledger_sum: number;
    charges: number;
    messages: number;
  }>(
    db,
    sql`select u.id as user_id, u.credits,
          (select coalesce(sum(delta), 0)::int from credit_ledger l where l.user_id = u.id) as ledger_sum,
          (select count(*)::int from credit_ledger l
             where l.user_id = u.id and l.reason = 'message') as charges,
          (select count(*)::int from messages m where m.sender_user_id = u.id) as messages
        from users u where u.id in ${ids}`,
  );
  for (const row of ledgers) {
    if (row.charges !== row.messages) {
      check.problems.push(
        `member ${row.user_id}: ${row.messages} messages, charged ${row.charges} times`,
      );
    }
    if (row.credits !== row.ledger_sum) {
      check.problems.push(
        `member ${row.user_id}: balance ${row.credits}, ledger ${row.ledger_sum}`,
      );
    }
  }
  const [claims] = await executeRows<{ open: number }>(
    db,
    sql`select count(*)::int as open from idempotency_keys where status = 0`,
  );
  if (claims?.open) check.problems.push(`${claims.open} keys claimed without an answer`);
  await closeDb();
}

async function runRound(round: number): Promise<void> {
  const check: Check = { problems: [] };
  const { recipientProfile, payers: made } = await createMembers(round);

  startServer();
  await waitReady();
  const payers: Payer[] = [];
  for (const payer of made) {
    const opened = await call("POST", "/api/chat.php", payer.cookie, { profile: recipientProfile });
    if (opened.status !== 200) throw new Error(`opening a chat answered ${opened.status}`);
    payers.push({ ...payer, conversation: JSON.parse(opened.body).conversation });
  }
  const sends: Send[] = payers.flatMap((payer, p) =>
    Array.from({ length: MESSAGES_EACH }, (_, m) => ({
      payer,
      key: `fault-${round}-${p}-${m}-${randomBytes(6).toString("hex")}`,
      text: `Round ${round}, payer ${p}, message ${m}`,
    })),
  );

  // The burst: CONCURRENCY sends in flight at all times; the kill when enough have answered, with
  // the next ones in flight (some with their message committed, their answer not yet written).
  let answered = 0;
  let started = 0;
  let inFlightAtKill = 0;
  let killNow: () => void = () => {};
  const killed = new Promise<void>((resolveKill) => {
    killNow = resolveKill;
  });
  const queue = [...sends];
  const senders = Array.from({ length: CONCURRENCY }, async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      started++;
      item.first = await send(item);
      if ("status" in item.first && ++answered === KILL_AFTER_ANSWERS) {
        // A moment later, at no particular step of the writes in flight.
        setTimeout(() => {
          inFlightAtKill = started - answered;
          killNow();
        }, Math.random() * KILL_JITTER_MS);
      }
    }
  });
  const burst = Promise.all(senders).then(() => killNow());
  await killed;
  await stopServer("SIGKILL");
  // Every send has its first answer or its failure before the retries begin.
  await burst;

  const acknowledged = sends.filter((item) => item.first && "status" in item.first).length;
  startServer();
  const restartedAt = Date.now();
  await waitReady();
  const downtime = (Date.now() - restartedAt) / 1000;

  let committedUnanswered = 0;
  for (const item of sends) {
    item.retry = await send(item);
    if (item.first && !("status" in item.first) && "status" in item.retry && item.retry.replayed) {
      committedUnanswered++;
    }
    const first = item.first;
    const retry = item.retry;
    if (!("status" in retry)) {
      check.problems.push(`${item.key}: the retry got no answer (${retry.lost})`);
      continue;
    }
    if (retry.status !== 200) {
      check.problems.push(`${item.key}: the retry answered ${retry.status} ${retry.body}`);
    }
    if (first && "status" in first) {
      if (first.status !== 200) {
        check.problems.push(`${item.key}: the first answer was ${first.status} ${first.body}`);
      } else if (!retry.replayed || retry.body !== first.body) {
        check.problems.push(`${item.key}: the retry was not the first answer replayed`);
      }
    }
  }
  await stopServer("SIGTERM");
  await checkDatabase(sends, payers, check);

  console.log(
    `[${engine}] round ${round}: ${sends.length} keyed sends, ${acknowledged} answered, ` +
      `${inFlightAtKill} in flight at the kill (${committedUnanswered} of them committed), ` +
      `restart in ${downtime.toFixed(1)} s, every key retried: ${check.problems.length ? "FAIL" : "ok"}`,
  );
  if (check.problems.length) {
    for (const problem of check.problems.slice(0, 20)) console.error(`  ${problem}`);
    throw new Error(`round ${round}: ${check.problems.length} problems`);
  }
}

async function wipePostgres(url: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    "drop schema if exists drizzle cascade; drop schema public cascade; create schema public",
  );
  await client.end();
}

let failed = false;
try {
  if (engine === "postgres") await wipePostgres(env.DATABASE_URL ?? "");
  for (let round = 1; round <= rounds; round++) await runRound(round);
} catch (error) {
  failed = true;
  console.error(`[${engine}] kill during a burst: ${(error as Error).message}`);
} finally {
  await stopServer("SIGKILL").catch(() => {});
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
