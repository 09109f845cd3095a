/**
 * Issue 25, item 2: the app rides through a PostgreSQL restart. Starts the built server as
 * production starts it (`npm start`, NODE_ENV=production) on a PostgreSQL cluster of its own,
 * once with one process and once with WEB_CONCURRENCY=2; puts it under a bounded load of member
 * reads, writes and pages; restarts PostgreSQL (`pg_ctl restart -m fast`, then `-m immediate`)
 * and checks that:
 * - no server process died;
 * - every answer came within the bound, and none was a 500: while the database was away the API
 *   answered 503 `{ error: "database_unavailable", message }` (translated) and member pages the
 *   translated 503 page;
 * - every request sent from one second after PostgreSQL accepted connections again succeeded.
 * All of it `--rounds` times in a row (default 3).
 *
 * npm run fault:pg-restart -- [--pg-bin /usr/lib/postgresql/15/bin] [--port 42010]
 *   [--pg-port 54340] [--rounds 3]
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Answer,
  argument,
  logIn,
  newestPostgresBin,
  PostgresCluster,
  Server,
  sleep,
  startLoad,
} from "./harness";

const pgBin = argument("pg-bin", "") || newestPostgresBin();
const port = Number(argument("port", "42010"));
const pgPort = Number(argument("pg-port", "54340"));
const rounds = Number(argument("rounds", "3"));
/** The WEB_CONCURRENCY values to try, comma-separated. */
const processCounts = argument("processes", "1,2").split(",").map(Number);
/** No request may take longer, outage or not (the pool gives up connecting after 5 s). */
const BOUND_MS = 8_000;
/** After PostgreSQL accepts connections again, requests succeed within this. */
const BACK_WITHIN_MS = 1_000;
const UNAVAILABLE_DE = "Die Seite ist gerade kurz nicht erreichbar";

type Restart = { mode: "fast" | "immediate"; downAt: number; upAt: number };

function explain(answer: Answer): string {
  return `${answer.name} ${answer.status} after ${answer.endedAt - answer.startedAt} ms: ${
    answer.error ?? answer.body.slice(0, 200)
  }`;
}

/** What is wrong with one answer, whenever it came; null when nothing. */
function checkAnswer(answer: Answer): string | null {
  if (answer.status === 200) return null;
  // A page streams as it renders: one whose database went away half-way through is cut off
  // (its 200 is sent). Its next load gets the 503 page.
  if (answer.status === "cut" && answer.name === "page") return null;
  if (answer.status !== 503) return `not 200 or 503: ${explain(answer)}`;
  if (answer.name === "page") {
    return answer.contentType.startsWith("text/html") && answer.body.includes(UNAVAILABLE_DE)
      ? null
      : `a 503 page without the translated message: ${explain(answer)}`;
  }
  try {
    const body = JSON.parse(answer.body) as { error?: unknown; message?: unknown };
    return body.error === "database_unavailable" &&
      typeof body.message === "string" &&
      body.message.startsWith(UNAVAILABLE_DE)
      ? null
      : `a 503 without database_unavailable and its message: ${explain(answer)}`;
  } catch {
    return `a 503 that is not JSON: ${explain(answer)}`;
  }
}

/** The server under test, for a stop by signal. */
let current: Server | undefined;

async function runScenario(cluster: PostgresCluster, processes: number): Promise<string[]> {
  const problems: string[] = [];
  const server = new Server({
    DATABASE_URL: cluster.url,
    HOST: "127.0.0.1",
    PORT: String(port),
    WEB_CONCURRENCY: String(processes),
    SEED_MEMBERS: "20",
    SANDBOX_PAYMENTS_IN_PRODUCTION: "true",
  });
  current = server;
  try {
    await server.ready(processes);
    const origin = `http://127.0.0.1:${port}`;
    const cookie = await logIn(origin, "demo@example.com", "demo-password-1");
    // Each process's first member page loads and compiles the page modules (seconds on a busy
    // machine): done before the load, whose bound is for the outage.
    await Promise.all(
      Array.from({ length: 4 * processes }, () =>
        fetch(`${origin}/members`, { headers: { cookie }, signal: AbortSignal.timeout(60_000) }),
      ),
    );
    const load = startLoad(
      origin,
      [
        { name: "user", path: "/api/user.php", cookie },
        { name: "chats", path: "/api/chats.php", cookie },
        {
          name: "write",
          path: "/api/notifications.php",
          method: "PUT",
          body: JSON.stringify({ invisible: false }),
          cookie,
        },
        { name: "page", path: "/members", cookie },
      ],
      { connections: 8, boundMs: BOUND_MS },
    );
    await sleep(2_000);
    const restarts: Restart[] = [];
    for (const mode of ["fast", "immediate"] as const) {
      const downAt = Date.now();
      await cluster.restart(mode);
      restarts.push({ mode, downAt, upAt: Date.now() });
      await sleep(4_000);
    }
    await load.stop();

    const { answers } = load;
    const [first] = restarts;
    for (const answer of answers) {
      const problem = checkAnswer(answer);
      if (problem) problems.push(problem);
      if (first && answer.endedAt < first.downAt && answer.status !== 200) {
        problems.push(`failed before any restart: ${explain(answer)}`);
      }
    }
    for (const [i, restart] of restarts.entries()) {
      const nextDown = restarts[i + 1]?.downAt ?? Number.POSITIVE_INFINITY;
      // Sent from a second after PostgreSQL was back, and answered before the next restart.
      const after = answers.filter(
        (answer) => answer.startedAt >= restart.upAt + BACK_WITHIN_MS && answer.endedAt < nextDown,
      );
      const failed = after.filter((answer) => answer.status !== 200);
      for (const answer of failed.slice(0, 5)) {
        problems.push(
          `-m ${restart.mode}: failed ${answer.startedAt - restart.upAt} ms after PostgreSQL was back: ${explain(answer)}`,
        );
      }
      const during = answers.filter(
        (answer) => answer.endedAt >= restart.downAt && answer.startedAt < restart.upAt,
      );
      const firstOk = answers
        .filter((answer) => answer.startedAt >= restart.upAt && answer.status === 200)
        .reduce((min, answer) => Math.min(min, answer.endedAt - restart.upAt), Infinity);
      const unavailable = during.filter((answer) => answer.status === 503).length;
      console.log(
        `  -m ${restart.mode}: PostgreSQL away ${restart.upAt - restart.downAt} ms; ` +
          `${during.length} answers meanwhile (${unavailable} × 503); first success ` +
          `${firstOk} ms after it was back; ${after.length} requests from 1 s on, ${failed.length} failed`,
      );
      if (after.length === 0) problems.push(`-m ${restart.mode}: no request after the restart`);
    }
    const slowest = Math.max(...answers.map((answer) => answer.endedAt - answer.startedAt));
    console.log(`  ${answers.length} answers in all, the slowest in ${slowest} ms`);
    if (!answers.some((answer) => answer.status === 503)) {
      problems.push("no request met the outage: the test tested nothing");
    }
    if (server.exited !== null) problems.push(`npm start exited (${server.exited})`);
    const stopped = server.output.match(/Server process \d+ stopped.*/g) ?? [];
    for (const line of stopped) problems.push(`a server process died: ${line}`);
  } catch (error) {
    problems.push(String(error));
  } finally {
    await server.stop();
  }
  if (problems.length) {
    const log = join(tmpdir(), `amora-fault-pg-restart-${processes}-${Date.now()}.log`);
    writeFileSync(log, server.output);
    console.log(`  The server's output: ${log}`);
  }
  return problems;
}

const cluster = new PostgresCluster(pgBin, pgPort, "amora_fault");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await current?.stop();
    cluster.remove();
    process.exit(1);
  });
}
let failed = false;
const startedAt = Date.now();
try {
  cluster.init("amora_fault");
  for (let round = 1; round <= rounds && !failed; round++) {
    for (const processes of processCounts) {
      console.log(`Round ${round}, ${processes} server process${processes > 1 ? "es" : ""}:`);
      const problems = await runScenario(cluster, processes);
      for (const problem of problems.slice(0, 20)) console.error(`  FAIL ${problem}`);
      if (problems.length) failed = true;
    }
  }
} finally {
  cluster.remove();
}
console.log(
  `${failed ? "FAILED" : "Passed"} (${Math.round((Date.now() - startedAt) / 1000)} s): a PostgreSQL restart under load`,
);
process.exit(failed ? 1 : 0);
