import { z } from "zod";

/** "true"/"1" or "false"/"0": a switch spelled any other way is a mistake, not "off". */
const flag = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .default("false")
  .transform((value) => value === "true" || value === "1");

/** scheme://host[:port] with nothing after it: links are built by appending paths. */
const origin = z.url({ protocol: /^https?$/ }).refine((value) => {
  const url = new URL(value);
  return value.replace(/\/$/, "") === url.origin;
}, "must be an origin such as https://amora.example (no path)");

/** EMAIL_HASH_SECRET outside production: public, so it protects nothing. */
const DEV_EMAIL_HASH_SECRET = "development key of the banned-address hashes, not secret";

const FIXTURES_REFUSED =
  "the fixture API lets anyone create members and log in as them; it is for browser tests and is refused with NODE_ENV=production or SMTP_URL";

/**
 * Every setting of the app, read and checked in one place (design §10: fail closed). A bad value
 * stops the process at start with a message naming the variable.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** Where the server listens. */
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    /** postgres://… to use a PostgreSQL server; unset for the embedded PGlite database. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres://")
      .optional(),
    /**
     * Server processes `npm start` runs (design §12, every core): one per core on a machine of
     * its own. They share nothing but the database, so more than one needs DATABASE_URL.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * Connections to PostgreSQL, each process. The server does most with about twice its cores
     * busy in all; more only take turns on its CPU (and, with the database beside the site on a
     * 2-core machine, took the event loop's CPU: its p99 delay went from 5 to 12 ms during the
     * search load, for no more searches a second; issue 11). So processes × this should stay
     * near twice the database's cores: 2 is bench/SCALE.md's 100 000-member plan (two processes,
     * a 2-core database). One process with 4 on this 2-core machine, its database beside it,
     * kept the event loop's p99 at 10–14 ms under the search load; with 2, 6.5–7.5 ms for the
     * same searches, user.php, likes and /members a second (issue 30 item 3).
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(2),
    /** Where PGlite keeps its files and where uploaded media live; "memory://" for tests. */
    DATA_DIR: z.string().min(1).default("./data"),
    /** Where photos are stored; defaults to <DATA_DIR>/media (or a temp dir for memory://). */
    MEDIA_DIR: z.string().optional(),
    /** The drizzle-kit migrations folder, applied at start. */
    MIGRATIONS_DIR: z.string().default("./drizzle"),
    /** The build's client files (prerendered pages, assets) the server sends. */
    CLIENT_DIR: z.string().default("dist/client"),
    /** The legal texts' Markdown (src/content/legal): the defaults editors' overrides replace. */
    LEGAL_DIR: z.string().default("src/content/legal"),
    /** Demo members seeded into an empty database on the first start. */
    SEED_MEMBERS: z.coerce.number().int().min(0).max(1_000_000).default(320),
    /**
     * design §4: each site's public origin. Every absolute URL the product writes (e-mail links,
     * canonical, sitemap, push, payment return URLs) is built from these, never from the
     * request's Host header, which anyone can forge. Not set, it is http://localhost:PORT.
     */
    AMORA_ORIGIN: origin.optional(),
    /** The second demo site's origin; like AMORA_ORIGIN, it follows PORT when not set. */
    HERZKLOPFEN_ORIGIN: origin.optional(),
    /**
     * design §13: the operator console's own origin (https://staff.example.com). Set, the staff
     * API and console answer on its host alone, so the staff cookie never goes to a members'
     * site; not set (the demo), they live under the default site's origin.
     */
    STAFF_ORIGIN: origin.optional(),
    /** smtp://user:pass@host:port or smtps://… to send e-mail; unset keeps mail in the outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
      .optional(),
    /**
     * DKIM signing of the mail the site sends over SMTP (issue 29 item 14: RFC 8058 one-click
     * unsubscribe counts only when a DKIM signature covers List-Unsubscribe and its -Post). The
     * selector and the PEM private key (`\n` may stand for line breaks), both or neither; each
     * mail is signed for its sender's domain. Unset, the relay is expected to sign.
     */
    DKIM_SELECTOR: z
      .string()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/,
        "must be a DKIM selector (letters, digits, . _ -)",
      )
      .optional(),
    DKIM_PRIVATE_KEY: z
      .string()
      .transform((value) => value.replaceAll("\\n", "\n"))
      .refine(
        (value) => /-----BEGIN (RSA )?PRIVATE KEY-----/.test(value),
        "must be a PEM private key",
      )
      .optional(),
    /**
     * design §10: the page that shows the mail (and SMS) outbox, with live links, is a
     * development aid: off unless switched on, and never together with a real transport.
     */
    DEV_OUTBOX: flag,
    /**
     * design §9: who sends text messages (the direct-debit code). `outbox` (the default) keeps
     * them in the outbox, which /dev/sms shows with DEV_OUTBOX; `twilio` sends them through
     * Twilio's Messages API, with the three TWILIO_ and SMS_FROM settings below.
     */
    SMS_PROVIDER: z.enum(["outbox", "twilio"]).default("outbox"),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-f]{32}$/, "must be a Twilio account SID (AC and 32 hex digits)")
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
    /** Twilio's API root; only a test points it elsewhere (a local stand-in of the API). */
    TWILIO_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.twilio.com"),
    /** The sender of text messages: a number in E.164 or an alphanumeric sender id. */
    SMS_FROM: z
      .string()
      .regex(
        /^(\+[1-9][0-9]{6,14}|[A-Za-z0-9 ]{1,11})$/,
        "must be a number in E.164 (+31…) or a sender id of at most 11 letters and digits",
      )
      .optional(),
    /**
     * Mounts the browser tests' fixture API (/api/test/…, src/server/testing), which creates
     * members for anyone who asks: for a throwaway test server only.
     */
    TEST_FIXTURES: flag,
    /**
     * Tests only (src/test/global-setup.ts): the path of a PGlite data-directory dump, migrated
     * once per test run, that a `memory://` database is loaded from instead of initialising and
     * migrating its own. A data directory on disk or a PostgreSQL server ignores it.
     */
    TEST_DATABASE_SNAPSHOT: z.string().optional(),
    /**
     * design §10: which peers may tell us the client's address and scheme (X-Forwarded-For,
     * X-Forwarded-Proto). Comma-separated addresses or CIDR ranges, or the names loopback,
     * linklocal, uniquelocal. Unset: no proxy is trusted and the socket's peer is the client.
     */
    TRUSTED_PROXIES: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
    /**
     * design §2, §9: who takes payments. `sandbox` (the default) is the built-in provider with
     * its own checkout page, for the demo and the tests; it hands out credits for nothing, so a
     * server refuses to serve with it under NODE_ENV=production (checkServingEnv).
     */
    PAYMENT_PROVIDER: z.enum(["sandbox", "mollie"]).default("sandbox"),
    /**
     * Lets a NODE_ENV=production server take sandbox payments all the same: for a staging
     * server or the bench (which measures production mode), never for members' money.
     */
    SANDBOX_PAYMENTS_IN_PRODUCTION: flag,
    /** Mollie's API key (test_… or live_…), needed with PAYMENT_PROVIDER=mollie. */
    MOLLIE_API_KEY: z
      .string()
      .regex(/^(test|live)_[A-Za-z0-9]{20,}$/, "must be a Mollie API key (test_… or live_…)")
      .optional(),
    /** Mollie's API root; only a test points it elsewhere (a local stand-in of the API). */
    MOLLIE_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.mollie.com:443/v2/"),
    /** An S3-compatible bucket for photos instead of MEDIA_DIR (design §8: several app nodes). */
    S3_BUCKET: z.string().optional(),
    S3_ENDPOINT: z.url().default("https://s3.amazonaws.com"),
    S3_REGION: z.string().default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /**
     * design §13: the key of the hash kept of a banned member's address (users/banned-emails.ts),
     * at least 32 characters (e.g. `openssl rand -base64 48`). Needed with NODE_ENV=production;
     * elsewhere a fixed development key stands in. A new key forgets every banned address.
     */
    EMAIL_HASH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /**
     * issue 29 item 14: the password of the mail provider's bounce and spam-complaint webhook
     * (POST /api/mail-events.php, HTTP Basic, any user name), at least 32 characters. Not set,
     * the webhook answers 404: nobody can switch a member's e-mail off through it.
     */
    MAIL_WEBHOOK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** New accounts per IP address per hour (the signupIp rate-limit policy). */
    SIGNUP_IP_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Logins per IP address per 15 minutes (the loginIp rate-limit policy). */
    LOGIN_IP_LIMIT: z.coerce.number().int().min(1).default(30),
    /**
     * design §2 web push: the VAPID key pair (base64url, as `web-push generate-vapid-keys`
     * prints it), both or neither. Unset, a pair is made on the first start and kept in the
     * database (fine for the demo; a new pair ends every browser's subscription).
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters)")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)")
      .optional(),
    /** Who push services contact about our pushes: mailto: or https:; default the first site. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, "must start with mailto: or https://")
      .optional(),
    /**
     * design §10: the hosts a push subscription's endpoint may name (a host or a parent domain),
     * since the server posts to it: the browsers' push services, on port 443. Anything else (an
     * address on our network, another port) is refused when the member subscribes. `host:port`
     * allows that one port instead (a test's local push service).
     */
    PUSH_SERVICE_HOSTS: z
      .string()
      .default(
        "fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,push.apple.com,notify.windows.com",
      )
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine(
        (entries) => entries.every((entry) => /^[a-z0-9.-]+(:[1-9][0-9]{0,4})?$/.test(entry)),
        "must be hosts, each with an optional :port, separated by commas",
      ),
  })
  .superRefine((env, context) => {
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message:
          "several server processes need a PostgreSQL server (DATABASE_URL): the embedded database belongs to one process",
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      context.addIssue({
        code: "custom",
        path: ["VAPID_PRIVATE_KEY"],
        message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are a pair: set both or neither",
      });
    }
    if (env.PAYMENT_PROVIDER === "mollie" && !env.MOLLIE_API_KEY) {
      context.addIssue({
        code: "custom",
        path: ["MOLLIE_API_KEY"],
        message: "PAYMENT_PROVIDER=mollie needs MOLLIE_API_KEY",
      });
    }
    if (Boolean(env.DKIM_SELECTOR) !== Boolean(env.DKIM_PRIVATE_KEY)) {
      context.addIssue({
        code: "custom",
        path: ["DKIM_SELECTOR"],
        message: "DKIM_SELECTOR and DKIM_PRIVATE_KEY go together: set both or neither",
      });
    }
    if (env.DEV_OUTBOX && env.SMTP_URL) {
      context.addIssue({
        code: "custom",
        path: ["DEV_OUTBOX"],
        message: "the outbox page is refused while SMTP_URL delivers real mail",
      });
    }
    if (
      env.SMS_PROVIDER === "twilio" &&
      !(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.SMS_FROM)
    ) {
      context.addIssue({
        code: "custom",
        path: ["SMS_PROVIDER"],
        message: "SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM",
      });
    }
    if (env.DEV_OUTBOX && env.SMS_PROVIDER !== "outbox") {
      context.addIssue({
        code: "custom",
        path: ["DEV_OUTBOX"],
        message: "the outbox page is refused while SMS_PROVIDER sends real text messages",
      });
    }
    if (env.TEST_DATABASE_SNAPSHOT && env.NODE_ENV === "production") {
      context.addIssue({
        code: "custom",
        path: ["TEST_DATABASE_SNAPSHOT"],
        message: "a test run's database snapshot is refused with NODE_ENV=production",
      });
    }
    if (env.TEST_FIXTURES && env.SMTP_URL) {
      context.addIssue({
        code: "custom",
        path: ["TEST_FIXTURES"],
        message: FIXTURES_REFUSED,
      });
    }
  })
  // design §4: with no origin set, the links the site writes point at the port it listens on.
  .transform((env) => ({
    ...env,
    AMORA_ORIGIN: env.AMORA_ORIGIN ?? `http://localhost:${env.PORT}`,
    HERZKLOPFEN_ORIGIN: env.HERZKLOPFEN_ORIGIN ?? `http://127.0.0.1:${env.PORT}`,
    // A known key is no key: production must bring its own (checkServingEnv).
    EMAIL_HASH_SECRET:
      env.EMAIL_HASH_SECRET ?? (env.NODE_ENV === "production" ? undefined : DEV_EMAIL_HASH_SECRET),
  }));

export type Env = z.infer<typeof envSchema>;

/**
 * The rules on what a serving process may run with, checked when the server starts rather than
 * in the schema: Astro sets NODE_ENV=production while it builds and prerenders, whatever the
 * server will later run with, so a rule on NODE_ENV in the schema would stop every build.
 * @example checkServingEnv(parseEnv({ NODE_ENV: "production" })) // throws: PAYMENT_PROVIDER …
 */
export function checkServingEnv(env: Env): void {
  if (env.NODE_ENV === "production" && env.DEV_OUTBOX) {
    throw new Error(
      "Invalid environment: DEV_OUTBOX: the outbox page is a development aid and is refused with NODE_ENV=production",
    );
  }
  if (env.NODE_ENV === "production" && env.TEST_FIXTURES) {
    throw new Error(`Invalid environment: TEST_FIXTURES: ${FIXTURES_REFUSED}`);
  }
  if (
    env.PAYMENT_PROVIDER === "sandbox" &&
    env.NODE_ENV === "production" &&
    !env.SANDBOX_PAYMENTS_IN_PRODUCTION
  ) {
    throw new Error(
      "Invalid environment: PAYMENT_PROVIDER=sandbox completes payments nobody made; choose a real provider with NODE_ENV=production (or, for a staging server, SANDBOX_PAYMENTS_IN_PRODUCTION=true)",
    );
  }
  if (env.NODE_ENV === "production" && !env.EMAIL_HASH_SECRET) {
    throw new Error(
      "Invalid environment: EMAIL_HASH_SECRET: needed with NODE_ENV=production (at least 32 random characters), to keep banned addresses",
    );
  }
}

/**
 * Checks a set of variables against the schema; throws one message naming every bad variable.
 * @example parseEnv({ DEV_OUTBOX: "true", SMTP_URL: "smtp://mx" }) // throws: DEV_OUTBOX …
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // `NAME=` in a .env file means "not set", as in the commented defaults of .env.example.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

let cached: Env | undefined;

/** Reads and validates the environment once; a bad value stops the process with a clear message. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
