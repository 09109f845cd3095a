import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const root = resolve(import.meta.dirname, "../..");

/**
 * The settings a run may switch (src/server/lib/env.ts). Each is handed to the server, empty
 * where the run leaves it unset: an empty value counts as unset (parseEnv) and keeps a
 * developer's .env from switching it on (process.loadEnvFile never overrides a variable that is
 * there, even empty).
 */
const SWITCHES = [
  "DATABASE_URL",
  "WEB_CONCURRENCY",
  "MEDIA_DIR",
  "SMTP_URL",
  "DEV_OUTBOX",
  "SMS_PROVIDER",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_API_URL",
  "SMS_FROM",
  "TEST_FIXTURES",
  "TRUSTED_PROXIES",
  "PAYMENT_PROVIDER",
  "SANDBOX_PAYMENTS_IN_PRODUCTION",
  "MOLLIE_API_KEY",
  "MOLLIE_API_URL",
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "VAPID_PUBLIC_KEY",
  "VAPID_PRIVATE_KEY",
  "VAPID_SUBJECT",
] as const;

/**
 * The public origin the site is configured with in the smoke: what a proxy in front would
 * serve (TLS is the proxy's job, serve-build.ts). It is not where the smoke reaches the server,
 * so a link that shows it was built from the configured origin, not from the request.
 */
export const PUBLIC_ORIGIN = "https://amora.smoke.example";

export type BuiltServer = {
  /** Where the smoke reaches the server: http://localhost:<port> (the default site's host). */
  url: string;
  /** Everything the server printed so far, for a failure's report. */
  output(): string;
  /** Waits until the API answers; throws (with the output) if it exits or takes too long. */
  untilServing(timeoutMs: number): Promise<void>;
  /** Stops the server's whole process group and removes its data directory. */
  stop(): Promise<void>;
};

/** Hands out ports: from SMOKE_PORT upwards when set (a fixed range), else free ones. */
export function createPortSource(): () => Promise<number> {
  const base = Number(process.env.SMOKE_PORT ?? 0);
  let next = base;
  return async () => (base ? next++ : await findFreePort());
}

async function findFreePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/**
 * Starts the built site as production starts it: `npm start` with NODE_ENV=production, on a
 * fresh embedded database in a temp directory, with `settings` on top of the switches (all off).
 * Answers at once, so the caller can stop it whatever happens next; `untilServing` waits for
 * the API.
 */
export async function launchBuiltServer(options: {
  port: number;
  settings: Record<string, string>;
}): Promise<BuiltServer> {
  const dataDir = await mkdtemp(join(tmpdir(), "amora-smoke-"));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SWITCHES) env[name] = "";
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(options.port),
    DATA_DIR: dataDir,
    AMORA_ORIGIN: PUBLIC_ORIGIN,
    // Only the two demo logins: the 320 generated members are a minute of portraits.
    SEED_MEMBERS: "0",
    EMAIL_HASH_SECRET: "the smoke run's banned-address key, not a secret",
    ...options.settings,
  });
  let output = "";
  // Its own process group (npm, tsx and node under it), so that stop() ends all of them.
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const failure = (message: string) => Object.assign(new Error(message), { output });
  let stopped: Promise<void> | undefined;
  const server: BuiltServer = {
    url: `http://localhost:${options.port}`,
    output: () => output,
    async untilServing(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (hasExited()) {
          throw failure(`the server exited (${child.exitCode ?? child.signalCode}) before serving`);
        }
        if (await isServing(server.url)) return;
        await sleep(250);
      }
      throw failure(`the server did not serve within ${timeoutMs / 1000} s`);
    },
    stop() {
      stopped ??= (async () => {
        // npm leaves at once on SIGTERM; the group is gone once the server has too.
        if (child.pid && !(await endGroup(child.pid, "SIGTERM", 5_000))) {
          await endGroup(child.pid, "SIGKILL", 5_000);
        }
        await rm(dataDir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
  return server;
}

async function isServing(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/settings.php`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Signals a process group and waits up to `timeoutMs` for it to be gone; answers whether it is. */
async function endGroup(pgid: number, signal: NodeJS.Signals, timeoutMs: number): Promise<boolean> {
  const isAlive = () => {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!isAlive()) return true;
  process.kill(-pgid, signal);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) return true;
    await sleep(100);
  }
  return !isAlive();
}
