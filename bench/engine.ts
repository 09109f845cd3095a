/**
 * One engine's run of `npm run bench` (bench/run.ts starts one per engine, because the database
 * client and the settings are per process). It seeds the members, starts the production server
 * (`scripts/start.ts`, the `npm start` path) with the event-loop probe preloaded and a bare Hono
 * baseline beside it, loads both over HTTP with autocannon, and sends the results to bench/run.ts.
 * Every load is bounded in count and time; every server listens on loopback only.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import type { MemberSearchPage } from "../src/contract/search";
import type { Database } from "../src/server/db/client";
import { type ChatSeed, openStream, seedChat } from "./chat";
import { seedLikesAndPasses } from "./discovery";
import { type InboxSeed, measureInbox, seedInbox } from "./inbox";
import { type LighthouseScore, runLighthouse } from "./lighthouse";
import { type MetricsSeed, metricsPath, seedMetrics, staffCookie } from "./metrics";
import { measureWebhooks } from "./payments";
import { memberPhonePages, type PhoneScore, runPhone } from "./phone";
import { measureScale, type ScaleLine } from "./scale";

export type BenchOptions = {
  engine: "pglite" | "postgres";
  members: number;
  /** The most answers a line waits for… */
  requests: number;
  /** …and the longest it loads, in seconds. */
  seconds: number;
  connections: number;
  lighthouse: boolean;
  /** CI's small configuration: smaller chat data, fewer streams and samples. */
  quick: boolean;
  /** Also run the PostgreSQL server with this many processes (one per core). */
  processes: number;
  /**
   * `--only scale`, `--only phone`, `--only loop`, `--only page`: issue 30's scale lines, phone
   * lines, member-search event-loop runs or /members lines alone, on members and a little chat
   * data.
   */
  only?: "scale" | "phone" | "loop" | "page";
};

export type Measurement = {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** The bare Hono server's throughput in the same run, for the lines compared with it. */
  bareRps?: number;
  /** The server's event-loop delay p99 during this load (ms). */
  loopP99?: number;
  /** The server's memory per open events stream (KB), for the delivery line. */
  perStreamKb?: number;
  /**
   * The server's CPU time per answer (ms) during the measured run: its main thread's, and its
   * whole process's (every thread; on PostgreSQL the database server's own is not in it).
   */
  cpu?: { main: number; process: number };
};

export type EngineResult = {
  engine: BenchOptions["engine"];
  members: number;
  seedSeconds: number;
  measurements: Measurement[];
  lighthouse: LighthouseScore[];
  phone: PhoneScore[];
  /** Issue 30 item 4: the app tier's ceilings (bench/scale.ts). */
  scale: ScaleLine[];
};

const root = resolve(import.meta.dirname, "..");
const options = JSON.parse(process.env.BENCH_OPTIONS ?? "{}") as BenchOptions;
const scratch = mkdtempSync(join(tmpdir(), "amora-bench-"));
const SITE_PORT = 4399;
const BARE_PORT = 4398;
const BARE_PAGE_PORT = 4397;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Load for `options.seconds` over `connections` connections, stopped sooner at
 * `options.requests` answers (bounded in time and in count), after a warm-up of a second (JIT,
 * caches, the pool): the steady state. Latencies of every answer, in ms.
 */
async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  connections = options.connections,
  /** Requests go out as these members in turn (a cookie each), not as one. */
  cookies?: string[],
  /** The server under load, to report its CPU time per answer (bench/loop-probe.mjs). */
  server?: ChildProcess,
): Promise<Measurement> {
  // The warm-up: a second of requests, or each member's first load when they take turns (as
  // each member's page loads before it refreshes).
  await (cookies?.length
    ? run(url, headers, connections, 60, cookies.length, undefined, cookies)
    : run(url, headers, connections, 1, Math.min(2000, options.requests)));
  const latencies: number[] = [];
  const cpuBefore = server ? await cpuReport(server) : undefined;
  const result = await run(
    url,
    headers,
    connections,
    options.seconds,
    options.requests,
    (ms) => latencies.push(ms),
    cookies,
  );
  const cpuAfter = server ? await cpuReport(server) : undefined;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${name}: ${failed} of ${result.requests.total} failed`);
  latencies.sort((a, b) => a - b);
  const answers = result.requests.total;
  return {
    name,
    // `duration` is whole seconds; the dates give the run's length to the millisecond.
    rps: answers / ((result.finish.getTime() - result.start.getTime()) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    ...(cpuBefore && cpuAfter
      ? {
          cpu: {
            main: (cpuAfter.main - cpuBefore.main) / answers,
            process: (cpuAfter.process - cpuBefore.process) / answers,
          },
        }
      : {}),
  };
}

/** Chromium's Accept-Encoding. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

function run(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  maxRequests: number,
  onLatency?: (ms: number) => void,
  cookies?: string[],
): Promise<autocannon.Result> {
  let turn = 0;
  const requests = cookies?.length
    ? [
        {
          setupRequest: (request: autocannon.Request) => {
            request.headers = {
              ...request.headers,
              cookie: cookies[turn++ % cookies.length] ?? "",
            };
            return request;
          },
        },
      ]
    : undefined;
  return new Promise<autocannon.Result>((done, fail) => {
    let answered = 0;
    const instance = autocannon(
      {
        url,
        // As a browser asks: the site compresses what is worth it, as it would for a member.
        headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...headers },
        connections,
        duration: seconds,
        timeout: 30,
        requests,
      },
      (error, finished) => (error ? fail(error) : done(finished)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      onLatency?.(responseTime);
      if (++answered === maxRequests) instance.stop();
    });
  });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not answer within 3 minutes`);
}

async function stop(child: ChildProcess): Promise<void> {
  // Gone already: it exited, or a signal (an earlier stop) ended it; "exit" will not come again.
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await once(child, "exit");
  clearTimeout(timer);
}

/** What bench/loop-probe.mjs answers, by the key its answer carries. */
type ProbeAnswers = {
  cpu: { main: CpuUsage; process: CpuUsage };
  loop: { p99: number; max: number };
  mem: NodeJS.MemoryUsage;
};

type CpuUsage = { user: number; system: number };

/**
 * Asks the server's probe (bench/loop-probe.mjs) over IPC and waits for the message carrying
 * the answer's key: any other message the server sends meanwhile is passed over.
 */
async function askProbe<K extends keyof ProbeAnswers>(
  server: ChildProcess,
  key: K,
): Promise<ProbeAnswers[K]> {
  const answered = new Promise<ProbeAnswers[K]>((done) => {
    const listen = (message: Partial<ProbeAnswers>) => {
      const answer = message[key];
      if (answer === undefined) return;
      server.off("message", listen);
      done(answer as ProbeAnswers[K]);
    };
    server.on("message", listen);
  });
  server.send(`${key}:report`);
  return answered;
}

/** The server's CPU time so far (ms): its main thread's and its whole process's. */
async function cpuReport(server: ChildProcess): Promise<{ main: number; process: number }> {
  const ms = (usage: CpuUsage) => (usage.user + usage.system) / 1000;
  const cpu = await askProbe(server, "cpu");
  return { main: ms(cpu.main), process: ms(cpu.process) };
}

async function seed(env: NodeJS.ProcessEnv): Promise<{
  seconds: number;
  chat: ChatSeed;
  /** The site lines' own data; none for `--only`. */
  site?: { metrics: MetricsSeed; inbox: InboxSeed };
}> {
  Object.assign(process.env, env);
  const { closeDb } = await import("../src/server/db/client");
  const { getReadyDb } = await import("../src/server/startup");
  const { seedMembers, seedDemoLogins } = await import("../src/server/db/seed");
  const { getStorage } = await import("../src/server/lib/storage");
  const db = await getReadyDb();
  const started = performance.now();
  await seedDemoLogins(db, getStorage());
  await seedMembers(db, getStorage(), {
    members: options.members,
    uniquePhotos: false,
    log: (line) => (line.includes("000 /") ? process.stdout.write(`\r  ${line}`) : undefined),
  });
  process.stdout.write("\n");
  if (options.only) {
    // The scale and phone lines need members to search and to write to each other, nothing more.
    const chat = await seedChat(db, { messages: 20_000, streams: 200 });
    await settle(db);
    await closeDb();
    return { seconds: (performance.now() - started) / 1000, chat };
  }
  const chat = await seedChat(db, {
    messages: options.quick ? 20_000 : 1_000_000,
    streams: options.quick ? 100 : 1000,
  });
  await seedLikesAndPasses(db, options.quick ? 20_000 : 1_000_000);
  // Issue 28 item 4: a year of the console's daily figures (settle's rollup recounts today's).
  const metrics = await seedMetrics(db, options.members);
  // Issue 28 item 1: an operated profile, its agent, and members who will write to it.
  const inbox = await seedInbox(db, chat, options.quick ? 20 : 200);
  await settle(db);
  await closeDb();
  return { seconds: (performance.now() - started) / 1000, chat, site: { metrics, inbox } };
}

/**
 * What a running site has already done by the time it is measured: the statistics and the
 * visibility map of the two million rows just written (PostgreSQL's autovacuum would otherwise
 * start on them mid-run), and this hour's and this day's scheduled jobs (a server on a fresh
 * database runs them on its first pass: the embedded engine's daily VACUUM alone takes a minute
 * over this data). Measured without this, the first lines shared the two cores with that work:
 * the bare baseline itself fell from about 75 000 to 16 000 answers a second.
 */
async function settle(db: Database): Promise<void> {
  const { sql } = await import("drizzle-orm");
  const { runDueJobs } = await import("../src/server/jobs/runner");
  const { JOB_DEFINITIONS } = await import("../src/server/job-definitions");
  const { getEnv } = await import("../src/server/lib/env");
  const { bindJobProviders, createProviders } = await import("../src/server/providers");
  await db.execute(sql`vacuum analyze`);
  await runDueJobs(db, bindJobProviders(JOB_DEFINITIONS, createProviders(getEnv())));
}

/** The production server of `npm start` on the seeded data, with the event-loop probe. */
function startSite(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "--import", "./bench/loop-probe.mjs", "scripts/start.ts"],
    {
      cwd: root,
      env: { ...process.env, ...env, HOST: "127.0.0.1", PORT: String(SITE_PORT) },
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    },
  );
}

/** The headers node:http adds to every answer by itself (the bare server's too). */
const NODE_WRITES = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
]);

/** An answer's bytes, kept in the scratch directory for a bare server to send. */
async function keepAnswer(answer: Response, name: string): Promise<string> {
  const file = join(scratch, name);
  writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
  return file;
}

/**
 * A bare Hono server (bench/bare-hono.ts) answering a file's bytes with the headers the site
 * sent them with, all but those node:http writes itself for every answer: the same bytes on the
 * wire. With `compress`, it compresses them for every answer, as the site does its pages.
 */
async function startBare(
  port: number,
  bodyFile: string,
  headers: Headers,
  compress?: "br",
  /** Processes sharing the port (bench/bare-hono.ts), as the site's WEB_CONCURRENCY. */
  processes = 1,
): Promise<ChildProcess> {
  const bare = spawn(process.execPath, ["--import", "tsx", "bench/bare-hono.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      BARE_BODY_FILE: bodyFile,
      BARE_HEADERS: JSON.stringify(
        Object.fromEntries([...headers].filter(([name]) => !NODE_WRITES.has(name))),
      ),
      BARE_COMPRESS: compress ?? "",
      BARE_PROCESSES: String(processes),
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await once(bare, "message");
  return bare;
}

async function measureSite(
  env: NodeJS.ProcessEnv,
  label: string,
  chat: ChatSeed,
  metrics: MetricsSeed,
  inbox: InboxSeed,
): Promise<Measurement[]> {
  const base = `http://127.0.0.1:${SITE_PORT}`;
  const site = startSite(env);
  const children: ChildProcess[] = [site];
  try {
    await waitFor(`${base}/api/settings.php`, site);
    const cookie = await logIn(base);
    const member = { cookie, "x-request-type": "client" };

    // The baseline answers GET /api/user.php's own bytes and headers, as the site gave them.
    const user = await fetch(`${base}/api/user.php`, { headers: member });
    const bare = await startBare(BARE_PORT, await keepAnswer(user, "user.json"), user.headers);
    children.push(bare);

    const results: Measurement[] = [];
    const bareUser = await load("bare Hono, the same bytes", `http://127.0.0.1:${BARE_PORT}/`, {});
    const siteUser = await load(`${label}GET /api/user.php`, `${base}/api/user.php`, member);
    results.push(bareUser, { ...siteUser, bareRps: bareUser.rps });
    const settings = await load(
      `${label}GET /api/settings.php (no database)`,
      `${base}/api/settings.php`,
      {},
    );
    results.push({ ...settings, bareRps: bareUser.rps });

    const searches = [
      "gender=female",
      "gender=male&country=de",
      "gender=female&min_age=30&max_age=45",
      "country=se&min_age=25&max_age=35",
    ];
    const search = `${base}/api/search.php?${searches[1]}`;
    results.push(await load(`${label}member search, one at a time`, search, member, 1));
    site.send("loop:reset");
    const underLoad = await load(`${label}member search`, search, member);
    results.push({ ...underLoad, loopP99: (await askProbe(site, "loop")).p99 });
    results.push(...(await measureMembersPage(base, member, site, label)));

    const found = (await (await fetch(search, { headers: member })).json()) as MemberSearchPage;
    const thumb = found.profiles.find((profile) => profile.main_image)?.main_image?.thumb;
    if (!thumb) throw new Error("no member with a photo in the search answer");
    results.push(
      await load(`${label}GET a thumbnail from /media`, new URL(thumb, base).href, member),
    );
    // Each request is another member's list, round the seeded sessions, as their pages'
    // periodic refreshes would ask.
    results.push(
      await load(
        `${label}GET /api/chats.php, ${chat.cookies.length} members in turn`,
        `${base}/api/chats.php`,
        { "x-request-type": "client" },
        options.connections,
        chat.cookies,
      ),
    );
    const history = `${base}/api/messages.php?conversation=${chat.conversation}&before=${chat.before}`;
    results.push(await load(`${label}conversation page of 50 (one client)`, history, member, 1));
    // issue 13: the likes lists, each request another member's, at 50 concurrent; the swipe
    // game's next cards, the like pop-up, the match finder and signup matches one at a time,
    // also as the seeded members in turn (each has been through many others).
    const client = { "x-request-type": "client" };
    results.push(
      await load(
        `${label}GET /api/likes.php, ${chat.cookies.length} members in turn`,
        `${base}/api/likes.php?type=received`,
        client,
        options.connections,
        chat.cookies,
      ),
    );
    for (const [line, path] of [
      ["next swipe cards", "/api/swipe.php"],
      ["GET /api/auto-like.php", "/api/auto-like.php"],
      ["match finder", "/match-finder?find=1&interests=travel&interests=music"],
      ["signup matches", "/signup-matches"],
    ] as const) {
      results.push(
        await load(
          `${label}${line} (one client, members in turn)`,
          `${base}${path}`,
          client,
          1,
          chat.cookies,
        ),
      );
    }
    results.push(await measureDelivery(base, site, chat, label));
    results.push(...(await inboxLines(base, inbox, label)));
    // Issue 28 item 4: the console's home for a year of a site, a few admins at once.
    results.push(
      await load(
        `${label}console's home: GET /api/staff/metrics, a year of a site`,
        `${base}${metricsPath()}`,
        { cookie: await staffCookie(base, metrics) },
        4,
      ),
    );
    // issue 14: payment webhooks, after everything else (they make members premium).
    results.push(...(await measureWebhooks(base, chat.cookies, label)));
    return results;
  } finally {
    for (const child of children.reverse()) await stop(child);
  }
}

/** Issue 28 item 1: the inbox's arrival and the agent's reply, as latencies a message. */
async function inboxLines(base: string, seed: InboxSeed, label: string): Promise<Measurement[]> {
  const started = performance.now();
  const measured = await measureInbox(base, seed);
  const seconds = (performance.now() - started) / 1000;
  const line = (name: string, values: number[]): Measurement => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      name: `${label}${name}`,
      rps: (measured.toInbox.length + measured.reply.length) / seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
    };
  };
  return [
    line("inbox: a message in the agent's open inbox", measured.toInbox),
    line("inbox: the agent's reply to an open stream", measured.reply),
  ];
}

/** The server's memory use, as its probe reports it after a collection. */
async function memoryOf(server: ChildProcess): Promise<number> {
  const mem = await askProbe(server, "mem");
  // The JavaScript heap and the buffers outside it: what streams hold (RSS moves with the
  // allocator's own caching and is too coarse for a per-stream figure).
  return mem.heapUsed + mem.external;
}

/**
 * issue 12: with a stream open for every seeded session, members write to the first one, one
 * message at a time: the time from sending to the event's arrival on the recipient's stream,
 * and the server's memory per open stream.
 */
async function measureDelivery(
  base: string,
  server: ChildProcess,
  chat: ChatSeed,
  label: string,
): Promise<Measurement> {
  const [recipient, ...rest] = chat.cookies;
  if (!recipient) throw new Error("no sessions for the streams");
  const senders = rest.slice(0, options.quick ? 2 : 10);
  const open = async (cookies: string[]) => {
    const opened = [];
    for (const cookie of cookies) opened.push(await openStream(`${base}/api/events.php`, cookie));
    await Promise.all(opened.map((stream) => stream.wait("event: ready")));
    return opened;
  };
  // What a stream holds: the memory the second half of the streams added to the first half's,
  // each reading after a collection. Against a reading before any stream opened, the caches the
  // lines before had filled, emptying meanwhile, took the figure below zero; the first half
  // also pays what opening streams at all warms (code, the bus's listeners).
  const half = Math.floor(chat.cookies.length / 2);
  const streams = await open(chat.cookies.slice(0, half));
  const before = await memoryOf(server);
  streams.push(...(await open(chat.cookies.slice(half))));
  const perStreamKb = ((await memoryOf(server)) - before) / (streams.length - half) / 1024;
  const json = { "content-type": "application/json", origin: base };
  const latencies: number[] = [];
  const started = performance.now();
  try {
    const recipientProfile = (await (
      await fetch(`${base}/api/user.php`, { headers: { cookie: recipient } })
    ).json()) as { user: { profile: { id: number } } };
    for (const [index, sender] of senders.entries()) {
      const opened = await fetch(`${base}/api/chat.php`, {
        method: "POST",
        headers: { cookie: sender, ...json },
        body: JSON.stringify({ profile: recipientProfile.user.profile.id }),
      });
      const { conversation } = (await opened.json()) as { conversation: number };
      // 20 a minute per member is the spam limit: each sender writes that many.
      for (let n = 0; n < (options.quick ? 10 : 20); n++) {
        const text = `bench ${index}-${n}`;
        const sent = performance.now();
        const arrived = streams[0]?.wait(`"text":"${text}"`);
        // Failed when awaited below, not as an unhandled rejection while the message is sent.
        arrived?.catch(() => {});
        const answer = await fetch(`${base}/api/message.php`, {
          method: "POST",
          headers: { cookie: sender, ...json },
          body: JSON.stringify({ conversation, text }),
        });
        if (!answer.ok) throw new Error(`message: HTTP ${answer.status} ${await answer.text()}`);
        await arrived;
        latencies.push(performance.now() - sent);
      }
    }
  } finally {
    for (const stream of streams) await stream.close();
  }
  latencies.sort((a, b) => a - b);
  return {
    name: `${label}message to an open stream, ${streams.length} open`,
    rps: latencies.length / ((performance.now() - started) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    perStreamKb,
  };
}

/** In-flight requests of issue 30 item 1's latency line for /members (p99 <= 150 ms). */
const PAGE_IN_FLIGHT = 10;

/**
 * Issue 30 item 1: /members as the demo member sees it, beside a bare server that sends the
 * page's own bytes compressed anew for every answer, as the site does (what this machine gives a
 * page of this size that costs nothing to make); at the run's connections for the ratio, and at
 * PAGE_IN_FLIGHT for the latency a member waits. The server's CPU time per answer rides on both
 * when the site is one process; a site of several (`processes`) is read against a bare server of
 * as many.
 */
async function measureMembersPage(
  base: string,
  member: Record<string, string>,
  site: ChildProcess,
  label = "",
  processes = 1,
): Promise<Measurement[]> {
  const page = await fetch(`${base}/members`, {
    headers: { ...member, "accept-encoding": "identity" },
  });
  const barePage = await startBare(
    BARE_PAGE_PORT,
    await keepAnswer(page, "members.html"),
    page.headers,
    "br",
    processes,
  );
  let bareMembers: Measurement;
  try {
    bareMembers = await load(
      processes > 1
        ? `${label}bare Hono, same bytes, brotli`
        : "bare Hono, /members bytes, brotli each",
      `http://127.0.0.1:${BARE_PAGE_PORT}/`,
      {},
    );
  } finally {
    await stop(barePage);
  }
  const url = `${base}/members`;
  // The probe answers for the process it is in: the primary of several serves nothing.
  const cpuOf = processes === 1 ? site : undefined;
  const members = await load(
    `${label}GET /members (server-rendered)`,
    url,
    member,
    options.connections,
    undefined,
    cpuOf,
  );
  const few = await load(
    `${label}GET /members, ${PAGE_IN_FLIGHT} in flight`,
    url,
    member,
    PAGE_IN_FLIGHT,
    undefined,
    cpuOf,
  );
  return [bareMembers, { ...members, bareRps: bareMembers.rps }, few];
}

/**
 * `--only page`: issue 30 item 1's /members lines alone, after the site's warm-up; on
 * PostgreSQL again from one process per core, as production serves it (README, design §12).
 */
async function measurePage(env: NodeJS.ProcessEnv): Promise<Measurement[]> {
  const lines = await measurePageOf(env, 1);
  if (options.engine === "postgres" && options.processes > 1) {
    lines.push(...(await measurePageOf(env, options.processes)));
  }
  return lines;
}

/**
 * The /members lines of a site started with this many processes (WEB_CONCURRENCY); with
 * `userView`, GET /api/user.php first, from the same start (the full run's line for every core).
 */
async function measurePageOf(
  env: NodeJS.ProcessEnv,
  processes: number,
  { userView = false } = {},
): Promise<Measurement[]> {
  const base = `http://127.0.0.1:${SITE_PORT}`;
  const site = startSite(processes > 1 ? { ...env, WEB_CONCURRENCY: String(processes) } : env);
  try {
    await waitFor(`${base}/api/settings.php`, site);
    const member = { cookie: await logIn(base), "x-request-type": "client" };
    const label = processes > 1 ? `${processes} processes: ` : "";
    const lines = userView
      ? [await load(`${label}GET /api/user.php`, `${base}/api/user.php`, member)]
      : [];
    lines.push(...(await measureMembersPage(base, member, site, label, processes)));
    return lines;
  } finally {
    await stop(site);
  }
}

/** Runs of the member-search load that --only loop repeats (issue 30 item 3: three in a row). */
const LOOP_RUNS = 3;

/**
 * Issue 30 item 3: the server's event-loop delay under the member-search load, the full run's
 * "member search" line, LOOP_RUNS times on one server (its probe reset before each), after the
 * full run's line before it.
 */
async function measureLoop(env: NodeJS.ProcessEnv): Promise<Measurement[]> {
  const base = `http://127.0.0.1:${SITE_PORT}`;
  const site = startSite(env);
  try {
    await waitFor(`${base}/api/settings.php`, site);
    const member = { cookie: await logIn(base), "x-request-type": "client" };
    const search = `${base}/api/search.php?gender=male&country=de`;
    // As in the full run, the load follows the same search one at a time, which is the
    // server's warm-up: without it the first run measured the compiler's first minutes too.
    const results = [await load("member search, one at a time", search, member, 1)];
    for (let run = 1; run <= LOOP_RUNS; run++) {
      site.send("loop:reset");
      const underLoad = await load(`member search, run ${run} of ${LOOP_RUNS}`, search, member);
      results.push({ ...underLoad, loopP99: (await askProbe(site, "loop")).p99 });
    }
    return results;
  } finally {
    await stop(site);
  }
}

/** The demo member's pages on a phone: their largest conversation, and its partner's profile. */
async function measurePhone(base: string, chat: ChatSeed): Promise<PhoneScore[]> {
  const { DEMO_LOGINS } = await import("../src/server/db/seed");
  const { email, password } = DEMO_LOGINS[0];
  return runPhone(
    base,
    { cookie: await logIn(base), email, password },
    memberPhonePages({ profile: chat.partnerProfile, conversation: chat.conversation }),
  );
}

async function logIn(base: string): Promise<string> {
  const { DEMO_LOGINS } = await import("../src/server/db/seed");
  const login = await fetch(`${base}/api/user.php`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: DEMO_LOGINS[0].email, password: DEMO_LOGINS[0].password }),
  });
  if (!login.ok) throw new Error(`login: HTTP ${login.status}`);
  return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
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

const env: NodeJS.ProcessEnv = {
  NODE_ENV: "production",
  // The webhook lines pay at the sandbox provider, which production refuses unless told.
  SANDBOX_PAYMENTS_IN_PRODUCTION: "true",
  EMAIL_HASH_SECRET: "a test run's banned-address key, not a secret",
  SEED_MEMBERS: "0",
  MEDIA_DIR: join(scratch, "media"),
  ASTRO_TELEMETRY_DISABLED: "1",
  // The console answers on the bench's own address (bench/metrics.ts signs an admin in).
  STAFF_ORIGIN: `http://127.0.0.1:${SITE_PORT}`,
};
if (options.engine === "postgres") {
  const url = process.env.BENCH_DATABASE_URL ?? "";
  await wipePostgres(url);
  env.DATABASE_URL = url;
} else {
  env.DATA_DIR = join(scratch, "data");
  delete process.env.DATABASE_URL;
}

try {
  console.log(`[${options.engine}] seeding ${options.members} members…`);
  const { seconds: seedSeconds, chat, site } = await seed(env);
  console.log(`[${options.engine}] measuring…`);
  const measurements = site
    ? await measureSite(env, "", chat, site.metrics, site.inbox)
    : options.only === "loop"
      ? await measureLoop(env)
      : options.only === "page"
        ? await measurePage(env)
        : [];
  if (options.engine === "postgres" && options.processes > 1 && site) {
    // design §12, every core: the same hot path served by one process per core, and /members.
    const [userView, ...page] = await measurePageOf(env, options.processes, { userView: true });
    const single = measurements.find((m) => m.name === "GET /api/user.php");
    if (userView) measurements.push({ ...userView, bareRps: single?.bareRps });
    measurements.push(...page);
  }
  const lighthouse: LighthouseScore[] = [];
  const phone: PhoneScore[] = [];
  const scale =
    options.only === "phone" || options.only === "loop" || options.only === "page"
      ? []
      : await measureScale({
          engine: options.engine,
          seconds: Math.min(options.seconds, 10),
          quick: options.quick,
          userIds: chat.userIds,
        });
  if (options.only === "phone") {
    const server = startSite(env);
    try {
      await waitFor(`http://127.0.0.1:${SITE_PORT}/api/settings.php`, server);
      phone.push(...(await measurePhone(`http://127.0.0.1:${SITE_PORT}`, chat)));
    } finally {
      await stop(server);
    }
  } else if (options.lighthouse && site) {
    const server = startSite(env);
    try {
      await waitFor(`http://127.0.0.1:${SITE_PORT}/api/settings.php`, server);
      lighthouse.push(...(await runLighthouse(`http://127.0.0.1:${SITE_PORT}`)));
      phone.push(...(await measurePhone(`http://127.0.0.1:${SITE_PORT}`, chat)));
    } finally {
      await stop(server);
    }
  }
  const result: EngineResult = {
    engine: options.engine,
    members: options.members,
    seedSeconds,
    measurements,
    lighthouse,
    phone,
    scale,
  };
  process.send?.(result);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
