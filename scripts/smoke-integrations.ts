/**
 * `npm run smoke`: the built server against each real integration (issue 25). For each switch,
 * `npm start` with NODE_ENV=production serves the build in dist/ on a fresh embedded database,
 * with that switch on against a local stand-in, and one real flow goes through it:
 * - PAYMENT_PROVIDER=mollie (src/test/mollie-stand-in.ts): an order paid, the webhook credits it;
 * - SMTP_URL (src/test/smtp-stand-in.ts): a password reset mail received, DKIM-signed, its link used;
 * - SMS_PROVIDER=twilio (src/test/twilio-stand-in.ts): a direct-debit code texted and used;
 * - S3_BUCKET (@20minutes/s3rver): a photo uploaded, stored in the bucket, served at its URL.
 * Tests run the code through Vitest, which loads packages its own way; this runs what production
 * runs. One line per integration; the exit code is 0 only when every flow passed. Every wait is
 * bounded; servers, stand-ins and temp directories are removed on failure too.
 * SMOKE_PORT=41000 takes ports from 41000 up (else any free ones); SMOKE_ONLY=mollie runs one.
 */
import { generateKeyPairSync } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import S3rver from "@20minutes/s3rver";
import { startMollieStandIn } from "../src/test/mollie-stand-in";
import { startSmtpStandIn } from "../src/test/smtp-stand-in";
import { startTwilioStandIn } from "../src/test/twilio-stand-in";
import { type BuiltServer, createPortSource, launchBuiltServer } from "./smoke/built-server";
import {
  buyCreditsThroughMollie,
  mailPasswordReset,
  storePhotoInBucket,
  textDirectDebitCode,
} from "./smoke/flows";

/**
 * Start-up: migrations, the demo logins' portraits and the server's warm-up (under a minute on
 * an idle 2-core machine), or a build first if dist/ is older than the sources (start.ts).
 */
const START_TIMEOUT_MS = 180_000;
/** The whole smoke, whatever hangs. */
const OVERALL_TIMEOUT_MS = 10 * 60_000;

type Integration = {
  name: string;
  /** Starts the stand-in; answers the server's settings, the flow, and the stand-in's stop. */
  prepare(port: number): Promise<{
    settings: Record<string, string>;
    drive(server: BuiltServer): Promise<string>;
    close(): Promise<unknown>;
  }>;
};

const MOLLIE_KEY = "test_smokesmokesmokesmokesmoke";
const TWILIO = {
  accountSid: `AC${"5a0be".repeat(6)}ab`,
  authToken: "smoke-twilio-auth-token",
  from: "Amora",
};
const S3 = { bucket: "amora-smoke", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

const INTEGRATIONS: Integration[] = [
  {
    name: "mollie",
    async prepare(port) {
      const mollie = await startMollieStandIn(MOLLIE_KEY, { port });
      return {
        settings: {
          PAYMENT_PROVIDER: "mollie",
          MOLLIE_API_KEY: MOLLIE_KEY,
          MOLLIE_API_URL: mollie.apiEndpoint,
          // The stand-in's certificate is its own (mollie-stand-in.ts): for this server only.
          NODE_TLS_REJECT_UNAUTHORIZED: "0",
        },
        drive: (server) => buyCreditsThroughMollie(server.url, mollie),
        close: () => mollie.close(),
      };
    },
  },
  {
    name: "smtp",
    async prepare(port) {
      const smtp = await startSmtpStandIn({ port });
      const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
      return {
        settings: {
          SMTP_URL: smtp.url,
          SANDBOX_PAYMENTS_IN_PRODUCTION: "true",
          DKIM_SELECTOR: "smoke",
          DKIM_PRIVATE_KEY: pem.replaceAll("\n", "\\n"),
        },
        drive: (server) => mailPasswordReset(server.url, smtp),
        close: () => smtp.close(),
      };
    },
  },
  {
    name: "twilio",
    async prepare(port) {
      const twilio = await startTwilioStandIn({ ...TWILIO, port });
      return {
        settings: {
          SMS_PROVIDER: "twilio",
          TWILIO_ACCOUNT_SID: TWILIO.accountSid,
          TWILIO_AUTH_TOKEN: TWILIO.authToken,
          TWILIO_API_URL: twilio.url,
          SMS_FROM: TWILIO.from,
          SANDBOX_PAYMENTS_IN_PRODUCTION: "true",
        },
        drive: (server) => textDirectDebitCode(server.url, twilio, TWILIO.from),
        close: () => twilio.close(),
      };
    },
  },
  {
    name: "s3",
    async prepare(port) {
      const directory = await mkdtemp(join(tmpdir(), "amora-smoke-s3-"));
      const s3rver = new S3rver({
        address: "127.0.0.1",
        port,
        silent: true,
        directory,
        configureBuckets: [{ name: S3.bucket, configs: [] }],
      });
      await s3rver.run();
      const endpoint = `http://127.0.0.1:${port}`;
      return {
        settings: {
          S3_BUCKET: S3.bucket,
          S3_ENDPOINT: endpoint,
          S3_ACCESS_KEY_ID: S3.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
          SANDBOX_PAYMENTS_IN_PRODUCTION: "true",
        },
        drive: (server) => storePhotoInBucket(server.url, { ...S3, endpoint }),
        close: async () => {
          await s3rver.close();
          await rm(directory, { recursive: true, force: true });
        },
      };
    },
  },
];

/** What is running now, for the stop on a signal or the overall timeout. */
const running = new Set<() => Promise<unknown>>();

async function stopAll(): Promise<void> {
  await Promise.allSettled([...running].map((stop) => stop()));
  running.clear();
}

async function smokeOne(integration: Integration, nextPort: () => Promise<number>) {
  const started = Date.now();
  const standIn = await integration.prepare(await nextPort());
  running.add(standIn.close);
  let server: BuiltServer | undefined;
  try {
    server = await launchBuiltServer({ port: await nextPort(), settings: standIn.settings });
    running.add(server.stop);
    await server.untilServing(START_TIMEOUT_MS);
    const proof = await standIn.drive(server);
    console.log(`ok   ${integration.name}: ${proof} (${seconds(started)})`);
    return true;
  } catch (error) {
    console.log(`FAIL ${integration.name}: ${(error as Error).message} (${seconds(started)})`);
    const output = (error as { output?: string }).output ?? server?.output() ?? "";
    if (output) console.log(indent(output.split("\n").slice(-40).join("\n")));
    return false;
  } finally {
    if (server) {
      await server.stop();
      running.delete(server.stop);
    }
    await standIn.close();
    running.delete(standIn.close);
  }
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function indent(text: string): string {
  return text.replace(/^/gm, "     | ");
}

const entry = resolve(import.meta.dirname, "../dist/server/entry.mjs");
if (!existsSync(entry)) {
  console.error("No build in dist/: run `npm run build` (or `npm test`) first.");
  process.exit(1);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log(`FAIL interrupted by ${signal}: stopping the servers and stand-ins`);
    void stopAll().finally(() => process.exit(1));
  });
}
const watchdog = setTimeout(() => {
  console.log(`FAIL the smoke took longer than ${OVERALL_TIMEOUT_MS / 60_000} minutes`);
  void stopAll().finally(() => process.exit(1));
}, OVERALL_TIMEOUT_MS);

const only = process.env.SMOKE_ONLY?.split(",");
const chosen = INTEGRATIONS.filter((integration) => !only || only.includes(integration.name));
const nextPort = createPortSource();
const started = Date.now();
let failed = 0;
for (const integration of chosen) {
  if (!(await smokeOne(integration, nextPort))) failed++;
}
clearTimeout(watchdog);
console.log(`The smoke took ${seconds(started)}.`);
console.log(`smoke: ${chosen.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
