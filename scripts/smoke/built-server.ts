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
 * Resolves once the API answers; rejects when the server exits first or takes longer than
 * `timeoutMs`, having stopped it.
 */
export async function startBuiltServer(options: {
  port: number;
  settings: Record<string, string>;
  timeoutMs: number;
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
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const exited = once(child, "exit");
  let stopped: Promise<void> | undefined;
  const server: BuiltServer = {
    url: `http://localhost:${options.port}`,
    output: () => output,
    stop() {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null && child.pid) {
          signalGroup(child.pid, "SIGTERM");
          const ended = await Promise.race([exited.then(() => true), sleep(5_000, false)]);
          if (!ended) signalGroup(child.pid, "SIGKILL");
          await Promise.race([exited, sleep(5_000)]);
        }
        await rm(dataDir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await server.stop();
      throw failure(`the server exited (${child.exitCode ?? child.signalCode}) before serving`);
    }
    if (await isServing(server.url)) return server;
    await sleep(250);
  }
  await server.stop();
  throw failure(`the server did not serve within ${options.timeoutMs / 1000} s`);

  function failure(message: string) {
    return Object.assign(new Error(message), { output });
  }
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

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}
