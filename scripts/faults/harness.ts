/**
 * What the fault scripts (scripts/faults/*.ts, run by .ci/run) share: a PostgreSQL cluster of
 * their own, the built server started as production starts it (`npm start`), and a bounded load
 * that records every answer with its time.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

export const root = resolve(import.meta.dirname, "../..");

/** The value after `--name` on the command line, or `fallback`. */
export function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? (process.argv[at + 1] as string) : fallback;
}

/** The newest /usr/lib/postgresql/<version>/bin, as .ci/run finds it. */
export function newestPostgresBin(): string {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const [newest] = versions;
  if (!newest) throw new Error("No PostgreSQL under /usr/lib/postgresql: pass --pg-bin");
  return join(base, newest, "bin");
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A PostgreSQL cluster in a temporary directory, run as the `postgres` user when we are root. */
export class PostgresCluster {
  readonly dataDir: string;
  readonly url: string;
  readonly #asPostgres: string[];

  constructor(
    readonly bin: string,
    readonly port: number,
    database: string,
    dataDir?: string,
  ) {
    this.dataDir = dataDir ?? mkdtempSync(join(tmpdir(), "amora-fault-pg-"));
    this.url = `postgres://postgres@127.0.0.1:${port}/${database}`;
    this.#asPostgres = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  }

  /** Runs a PostgreSQL program (as postgres when we are root); answers its output. */
  run(program: string, args: string[]): string {
    const [command, ...rest] = [...this.#asPostgres, join(this.bin, program), ...args];
    return execFileSync(command as string, rest, { encoding: "utf8", stdio: "pipe" });
  }

  init(database: string): void {
    if (this.#asPostgres.length) execFileSync("chown", ["postgres:postgres", this.dataDir]);
    this.run("initdb", ["-D", this.dataDir, "-A", "trust", "-U", "postgres"]);
    this.start();
    this.run(
      "psql",
      ["-h", "127.0.0.1", "-p", String(this.port), "-U", "postgres", "-qc"].concat([
        `create database ${database}`,
      ]),
    );
  }

  start(): void {
    this.run("pg_ctl", [
      "-D",
      this.dataDir,
      "-w",
      "-l",
      join(this.dataDir, "server.log"),
      "-o",
      `-p ${this.port} -k ${this.dataDir} -c listen_addresses=127.0.0.1`,
      "start",
    ]);
  }

  /**
   * pg_ctl restart with a shutdown mode; -w: it returns once the server accepts connections
   * (pg_ctl looks ten times a second). Asynchronous: the load in this process goes on meanwhile.
   */
  async restart(mode: "fast" | "immediate"): Promise<void> {
    const [command, ...rest] = [
      ...this.#asPostgres,
      join(this.bin, "pg_ctl"),
      ...["-D", this.dataDir, "-w", "-m", mode, "-l", join(this.dataDir, "server.log")],
      ...["-o", `-p ${this.port} -k ${this.dataDir} -c listen_addresses=127.0.0.1`, "restart"],
    ];
    await promisify(execFile)(command as string, rest);
  }

  stop(): void {
    try {
      this.run("pg_ctl", ["-D", this.dataDir, "-w", "-m", "fast", "stop"]);
    } catch {
      // Already stopped.
    }
  }

  remove(): void {
    this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** `npm start` in its own process group, with everything it prints kept. */
export class Server {
  readonly child: ChildProcess;
  output = "";
  exited: number | string | null = null;

  constructor(env: Record<string, string>) {
    this.child = spawn("npm", ["start"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        // Production needs its own key of the banned-address hashes; any will do here.
        EMAIL_HASH_SECRET: "a fault run's banned-address key, not a secret",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own group: the servers it forks are stopped with it, and nothing else.
      detached: true,
    });
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString();
    };
    this.child.stdout?.on("data", keep);
    this.child.stderr?.on("data", keep);
    this.child.on("exit", (code, signal) => {
      this.exited = signal ?? code;
    });
  }

  /** Waits until `count` server processes say they listen (the build may come first). */
  async ready(count: number, timeoutMs = 240_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((this.output.match(/Server listening on/g) ?? []).length < count) {
      if (this.exited !== null)
        throw new Error(`npm start exited (${this.exited}):\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not come up:\n${this.output}`);
      await sleep(200);
    }
  }

  async stop(): Promise<void> {
    if (this.exited !== null || !this.child.pid) return;
    const exited = once(this.child, "exit");
    process.kill(-this.child.pid, "SIGTERM");
    const stopped = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
    if (!stopped) process.kill(-this.child.pid, "SIGKILL");
  }
}

/** One answer of the load: when its request started and ended, and what came back. */
export type Answer = {
  name: string;
  startedAt: number;
  endedAt: number;
  /** `cut`: the answer began (its status came) and broke off. */
  status: number | "timeout" | "network" | "cut";
  error?: string;
  body: string;
  contentType: string;
};

export type LoadRequest = {
  name: string;
  path: string;
  method?: string;
  body?: string;
  cookie?: string;
};

/**
 * `connections` loops, each sending the requests in turn as fast as they are answered, until
 * `stop()`; a request not answered within `boundMs` is recorded as a timeout.
 */
export function startLoad(
  origin: string,
  requests: LoadRequest[],
  { connections, boundMs }: { connections: number; boundMs: number },
): { answers: Answer[]; stop: () => Promise<void> } {
  const answers: Answer[] = [];
  let running = true;
  const loop = async (offset: number) => {
    for (let i = offset; running; i++) {
      const request = requests[i % requests.length] as LoadRequest;
      const startedAt = Date.now();
      const answer: Answer = {
        name: request.name,
        startedAt,
        endedAt: 0,
        status: "network",
        body: "",
        contentType: "",
      };
      let began = false;
      try {
        const response = await fetch(`${origin}${request.path}`, {
          method: request.method ?? "GET",
          headers: {
            ...(request.cookie ? { cookie: request.cookie } : {}),
            ...(request.body ? { "content-type": "application/json" } : {}),
            "accept-language": "de",
          },
          body: request.body,
          signal: AbortSignal.timeout(boundMs),
        });
        answer.status = response.status;
        answer.contentType = response.headers.get("content-type") ?? "";
        began = true;
        answer.body = await response.text();
      } catch (error) {
        const name = (error as Error).name;
        answer.status = name === "TimeoutError" ? "timeout" : began ? "cut" : "network";
        answer.error = String((error as Error).cause ?? error);
        // A refused connection would spin: the server is what is under test, not this loop.
        await sleep(50);
      }
      answer.endedAt = Date.now();
      answers.push(answer);
    }
  };
  const loops = Array.from({ length: connections }, (_, i) => loop(i));
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Logs in through the API; answers the auth cookie. */
export async function logIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/user.php`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) {
    throw new Error(`login answered ${response.status}: ${await response.text()}`);
  }
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("auth="));
  if (!cookie) throw new Error("login set no auth cookie");
  return cookie.split(";")[0] as string;
}
