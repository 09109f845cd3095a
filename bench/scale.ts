/**
 * Issue 30 item 4, for bench/engine.ts: the app tier's ceilings, through the app's own services
 * on the seeded data, for the capacity model of bench/SCALE.md.
 *
 * - Events a second through LISTEN/NOTIFY (PostgreSQL): 1, 2 and 4 publisher processes
 *   (bench/scale-worker.ts), each with a few transactions in flight as an app process's requests
 *   are, each storing and notifying one event through the bus (events/bus.ts publishEvent), and
 *   one listener process hearing them as an app process does. The same transactions without the
 *   notification beside them: NOTIFY takes a database-wide lock from its commit's start to its
 *   end (the WAL flush included), so notifying commits run one at a time where others group.
 * - Messages written a second: chat/messages.ts sendTextMessage, 1 and 8 members sending at once.
 * - Searches a second: search/service.ts findMembers, the bench's four searches in turn, each
 *   the member's own statement: a first page shared between viewers (search/listing-cache.ts)
 *   would measure this process's memory, not the database's ceiling.
 *
 * Each line runs for the bench's seconds (at most 10) and is counted by what completed in them.
 * Only dynamic imports of the app here: bench/run.ts imports the printer.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Database } from "../src/server/db/client";
import type { ListenerReport, PublisherReport } from "./scale-worker";

export type ScaleLine = {
  name: string;
  /** Completed a second: events published, messages written, searches answered. */
  rate: number;
  /** Each operation's time (ms): a transaction to its commit, a send, a search. */
  p50: number;
  p99: number;
  /** Bus lines: notifications the listener process heard a second in the same window. */
  delivered?: number;
  /** Bus lines: every published event reached the listener (after a short drain). */
  allDelivered?: boolean;
  /** In-process lines: this process's CPU (ms) an operation (the database server's not in it). */
  appCpuMs?: number;
  /**
   * PostgreSQL on this machine: its processes' CPU (ms) an operation, the sessions' and the
   * background writers' (WAL writer, checkpointer), read from /proc; none for a remote server.
   */
  dbCpuMs?: number;
};

export type ScaleOptions = {
  engine: "pglite" | "postgres";
  seconds: number;
  quick: boolean;
  /** Members with a profile the lines may use (the chat seed's), at least 20. */
  userIds: number[];
};

const root = resolve(import.meta.dirname, "..");

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux everywhere). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time (ms) so far of the database server's processes, by pid, when they run on this
 * machine (their /proc entries are readable); null for a server elsewhere or an engine in
 * this process.
 */
async function databaseCpu(db: Database): Promise<Map<number, number> | null> {
  const { sql } = await import("drizzle-orm");
  const { rows } = (await db.execute(sql`select pid from pg_stat_activity`)) as unknown as {
    rows: { pid: number }[];
  };
  const times = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!stat.includes("(postgres)")) return null;
      // After the command's closing parenthesis: state is field 3, utime 14, stime 15.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      times.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      return null;
    }
  }
  return times;
}

/** The CPU the processes of both readings used between them (ms). */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? ms);
  return used;
}

/** Runs `operation` from `concurrency` loops for `seconds`; latencies and CPU an operation. */
async function saturate(
  db: Database,
  engine: ScaleOptions["engine"],
  concurrency: number,
  seconds: number,
  operation: (loop: number, n: number) => Promise<void>,
): Promise<Omit<ScaleLine, "name">> {
  // Warm: JIT, the pool's connections, the statements' plans.
  for (let loop = 0; loop < concurrency; loop++) await operation(loop, -1);
  const latencies: number[] = [];
  const dbBefore = engine === "postgres" ? await databaseCpu(db) : null;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let n = 0; performance.now() < until; n++) {
        const began = performance.now();
        await operation(loop, n);
        latencies.push(performance.now() - began);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const dbAfter = dbBefore ? await databaseCpu(db) : null;
  latencies.sort((a, b) => a - b);
  return {
    rate: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    appCpuMs: (used.user + used.system) / 1000 / latencies.length,
    ...(dbBefore && dbAfter ? { dbCpuMs: cpuBetween(dbBefore, dbAfter) / latencies.length } : {}),
  };
}

/**
 * Pairs of members, each pair a conversation, the first of each pair sending: premium with
 * credits enough, so every message is charged and written as a paying member's is.
 */
async function senders(db: Database, userIds: number[], count: number) {
  const { sql } = await import("drizzle-orm");
  const { openConversation } = await import("../src/server/chat/conversations");
  const pairs = userIds.slice(0, count * 2);
  if (pairs.length < count * 2) throw new Error(`${count} senders need ${count * 2} members`);
  const ids = sql.join(
    pairs.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(
    sql`update users set paid_user = true, credits = 1000000000 where id in (${ids})`,
  );
  const rows = (
    (await db.execute(
      sql`select user_id, id from profiles where user_id in (${ids})`,
    )) as unknown as { rows: { user_id: number; id: number }[] }
  ).rows;
  const profileOf = new Map(rows.map((row) => [Number(row.user_id), Number(row.id)]));
  const result = [];
  for (let i = 0; i < count; i++) {
    const userId = pairs[2 * i] as number;
    const other = profileOf.get(pairs[2 * i + 1] as number);
    const profileId = profileOf.get(userId);
    if (!other || !profileId) throw new Error("a sender without a profile");
    const me = { userId, profileId, isPremium: true, confirmed: true };
    result.push({ me, conversation: await openConversation(db, me, other) });
  }
  return result;
}

async function measureMessages(
  db: Database,
  options: ScaleOptions,
  label: string,
): Promise<ScaleLine[]> {
  const { defaultSite } = await import("../src/server/sites/registry");
  const { sendTextMessage } = await import("../src/server/chat/messages");
  const lines: ScaleLine[] = [];
  const all = await senders(db, options.userIds, 8);
  for (const count of [1, 8]) {
    const active = all.slice(0, count);
    const measured = await saturate(db, options.engine, count, options.seconds, async (loop, n) => {
      const sender = active[loop];
      if (!sender) return;
      await sendTextMessage(db, defaultSite, sender.me, sender.conversation, `scale ${loop}-${n}`);
    });
    lines.push({
      name: `${label}messages written, ${count} member${count > 1 ? "s" : ""} sending`,
      ...measured,
    });
  }
  return lines;
}

/** The member searches of bench/engine.ts's search lines, in turn. */
const SEARCHES = [
  { gender: "female" as const },
  { gender: "male" as const, country: "de" },
  { gender: "female" as const, min_age: 30, max_age: 45 },
  { country: "se", min_age: 25, max_age: 35 },
];

async function measureSearches(
  db: Database,
  options: ScaleOptions,
  label: string,
): Promise<ScaleLine[]> {
  const { defaultSite } = await import("../src/server/sites/registry");
  const { findMembers } = await import("../src/server/search/service");
  const { createMediaSigner } = await import("../src/server/photos/media-url");
  const viewer = options.userIds[0] ?? 0;
  // A member whose blocks the search is not told: their own statement, never the shared page.
  const { eq } = await import("drizzle-orm");
  const { profiles } = await import("../src/server/profiles/schema");
  const [profile] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userId, viewer))
    .limit(1);
  const lines: ScaleLine[] = [];
  for (const count of [1, 8]) {
    const measured = await saturate(db, options.engine, count, options.seconds, async (loop, n) => {
      const page = await findMembers(db, SEARCHES[(loop + n + 4) % SEARCHES.length] ?? {}, {
        media: createMediaSigner(defaultSite, { id: viewer }),
        locale: "en",
        viewerProfileId: profile?.id ?? null,
        withSimilar: true,
      });
      if (page.profiles.length === 0) throw new Error("a search found nobody");
    });
    lines.push({ name: `${label}member searches, ${count} at once`, ...measured });
  }
  return lines;
}

function worker(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "bench/scale-worker.ts"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((done, fail) => {
    const exit = (code: number | null) => fail(new Error(`a scale worker exited with ${code}`));
    child.once("exit", exit);
    child.once("message", (message: T) => {
      child.off("exit", exit);
      done(message);
    });
  });
}

async function listenerCount(listener: ChildProcess): Promise<number> {
  const answer = nextMessage<ListenerReport>(listener);
  listener.send("count");
  return (await answer).delivered;
}

/** One bus line: `processes` publishers for `seconds`, and the one listener's count. */
async function busLine(
  listener: ChildProcess,
  processes: number,
  notify: boolean,
  options: ScaleOptions,
): Promise<ScaleLine> {
  // Each publisher writes to members of its own, as requests of different members do.
  const share = Math.floor(options.userIds.length / processes);
  const publishers = Array.from({ length: processes }, (_, index) =>
    worker({
      SCALE_ROLE: "publisher",
      SCALE_SECONDS: String(options.seconds),
      SCALE_CONCURRENCY: "4",
      SCALE_NOTIFY: notify ? "1" : "0",
      SCALE_USERS: options.userIds.slice(index * share, (index + 1) * share).join(","),
    }),
  );
  try {
    await Promise.all(publishers.map((child) => nextMessage(child)));
    const reports = publishers.map((child) => nextMessage<PublisherReport>(child));
    const before = await listenerCount(listener);
    const started = performance.now();
    for (const child of publishers) child.send("go");
    const done = await Promise.all(reports);
    const inWindow = (await listenerCount(listener)) - before;
    const windowSeconds = (performance.now() - started) / 1000;
    const published = done.reduce((sum, report) => sum + report.published, 0);
    // A short drain: what was committed is heard within a second or two, or it is missing. (The
    // count may pass `published` by a warm-up's late notifications: they are a few.)
    let heard = inWindow;
    for (let i = 0; notify && i < 40 && heard < published; i++) {
      await new Promise((wait) => setTimeout(wait, 100));
      heard = (await listenerCount(listener)) - before;
    }
    const latencies = done.flatMap((report) => report.latencies).sort((a, b) => a - b);
    const seconds = Math.max(...done.map((report) => report.seconds));
    return {
      name: `${processes} publishing process${processes > 1 ? "es" : ""}, ${notify ? "event + NOTIFY" : "event row, no NOTIFY"}`,
      rate: published / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      ...(notify ? { delivered: inWindow / windowSeconds, allDelivered: heard >= published } : {}),
    };
  } finally {
    for (const child of publishers) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    }
  }
}

async function measureBus(options: ScaleOptions): Promise<ScaleLine[]> {
  const listener = worker({ SCALE_ROLE: "listener" });
  const lines: ScaleLine[] = [];
  try {
    await nextMessage(listener);
    for (const processes of [1, 2, 4])
      lines.push(await busLine(listener, processes, true, options));
    for (const processes of [1, 2, 4]) {
      lines.push(await busLine(listener, processes, false, options));
    }
  } finally {
    listener.send("stop");
    const timer = setTimeout(() => listener.kill("SIGKILL"), 5000);
    if (listener.exitCode === null) await once(listener, "exit");
    clearTimeout(timer);
  }
  return lines;
}

/**
 * Every scale line of an engine. The database is this process's (bench/engine.ts's settings),
 * opened here and closed again; the site's server is not running meanwhile.
 */
export async function measureScale(options: ScaleOptions): Promise<ScaleLine[]> {
  const { getReadyDb } = await import("../src/server/startup");
  const { closeDb } = await import("../src/server/db/client");
  const label = "1 process: ";
  const db = await getReadyDb();
  const lines: ScaleLine[] = [];
  try {
    lines.push(...(await measureMessages(db, options, label)));
    lines.push(...(await measureSearches(db, options, label)));
  } finally {
    await closeDb();
  }
  if (options.engine === "postgres") lines.push(...(await measureBus(options)));
  return lines;
}

/** The scale lines of a run, as a table of their own (their columns are not the HTTP lines'). */
export function printScale(engine: string, lines: ScaleLine[], say: (line: string) => void): void {
  const header = `${"".padEnd(52)}      /s  p50 ms  p99 ms  heard/s  app CPU   db CPU`;
  say(`\n${engine}: the app tier's ceilings (issue 30, bench/SCALE.md)\n${header}`);
  say("-".repeat(header.length + 8));
  for (const line of lines) {
    const heard =
      line.delivered === undefined
        ? ""
        : `${line.delivered.toFixed(0)}${line.allDelivered ? "" : " (lost!)"}`;
    const cpu = line.appCpuMs === undefined ? "" : `${line.appCpuMs.toFixed(2)} ms`;
    const db = line.dbCpuMs === undefined ? "" : `${line.dbCpuMs.toFixed(2)} ms`;
    say(
      `${line.name.padEnd(52)} ${line.rate.toFixed(0).padStart(7)} ${line.p50.toFixed(1).padStart(7)} ${line.p99.toFixed(1).padStart(7)} ${heard.padStart(8)} ${cpu.padStart(8)} ${db.padStart(8)}`,
    );
  }
}
