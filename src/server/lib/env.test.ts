import { describe, expect, it } from "vitest";
import { checkServingEnv, parseEnv } from "./env";

/** A key long enough for EMAIL_HASH_SECRET. */
const KEY = "k".repeat(32);

describe("the env schema (design §10: every setting in one place, fail closed)", () => {
  it("keeps the outbox page off unless it is switched on", () => {
    expect(parseEnv({}).DEV_OUTBOX).toBe(false);
    expect(parseEnv({ DEV_OUTBOX: "true" }).DEV_OUTBOX).toBe(true);
  });

  it("refuses the outbox page together with a real SMTP transport", () => {
    expect(() => parseEnv({ DEV_OUTBOX: "true", SMTP_URL: "smtp://mail.example:587" })).toThrow(
      /DEV_OUTBOX/,
    );
  });

  it("keeps texts in the outbox by default; Twilio needs its account, token and sender", () => {
    expect(parseEnv({}).SMS_PROVIDER).toBe("outbox");
    const twilio = {
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "a-long-enough-auth-token",
      SMS_FROM: "Amora",
    };
    expect(parseEnv(twilio).SMS_PROVIDER).toBe("twilio");
    expect(() => parseEnv({ ...twilio, SMS_FROM: undefined })).toThrow(/SMS_PROVIDER/);
    expect(() => parseEnv({ ...twilio, SMS_FROM: "A sender name too long" })).toThrow(/SMS_FROM/);
    // The outbox page shows codes: never beside a provider that texts real phones.
    expect(() => parseEnv({ ...twilio, DEV_OUTBOX: "true" })).toThrow(/DEV_OUTBOX/);
  });

  it("takes DKIM's selector and key together, the key's line breaks written as \\n", () => {
    const key = "-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----";
    const env = parseEnv({ DKIM_SELECTOR: "amora2026", DKIM_PRIVATE_KEY: key });
    expect(env.DKIM_PRIVATE_KEY).toBe(
      "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----",
    );
    expect(() => parseEnv({ DKIM_SELECTOR: "amora2026" })).toThrow(/DKIM_SELECTOR/);
    expect(() => parseEnv({ DKIM_PRIVATE_KEY: key })).toThrow(/DKIM_SELECTOR/);
    expect(() => parseEnv({ DKIM_SELECTOR: "a b", DKIM_PRIVATE_KEY: key })).toThrow(/DKIM/);
    expect(() => parseEnv({ DKIM_SELECTOR: "s", DKIM_PRIVATE_KEY: "secret" })).toThrow(/PEM/);
  });

  it("takes a mail webhook password of 32 characters or more", () => {
    expect(() => parseEnv({ MAIL_WEBHOOK_SECRET: "short" })).toThrow(/MAIL_WEBHOOK_SECRET/);
    expect(parseEnv({ MAIL_WEBHOOK_SECRET: "x".repeat(32) }).MAIL_WEBHOOK_SECRET).toHaveLength(32);
  });

  it("refuses the outbox page to a production server, but not to the build", () => {
    // Astro builds with NODE_ENV=production: `DEV_OUTBOX=true npm start` builds first.
    const env = parseEnv({
      DEV_OUTBOX: "1",
      NODE_ENV: "production",
      SANDBOX_PAYMENTS_IN_PRODUCTION: "true",
    });
    expect(env.DEV_OUTBOX).toBe(true);
    expect(() => checkServingEnv(env)).toThrow(/DEV_OUTBOX/);
    expect(() => checkServingEnv(parseEnv({ DEV_OUTBOX: "1" }))).not.toThrow();
  });

  it("refuses a switch spelled in a way it does not understand instead of reading it as off", () => {
    expect(() => parseEnv({ DEV_OUTBOX: "yes" })).toThrow(/DEV_OUTBOX/);
  });

  it("points the sites' origins at the port it listens on when they are not set", () => {
    expect(parseEnv({}).AMORA_ORIGIN).toBe("http://localhost:4321");
    expect(parseEnv({ PORT: "4403" }).AMORA_ORIGIN).toBe("http://localhost:4403");
    expect(parseEnv({ PORT: "4403" }).HERZKLOPFEN_ORIGIN).toBe("http://127.0.0.1:4403");
    const set = { PORT: "4403", AMORA_ORIGIN: "https://amora.example" };
    expect(parseEnv(set).AMORA_ORIGIN).toBe("https://amora.example");
  });

  it("accepts only bare origins for the sites, so links are built by appending a path", () => {
    expect(parseEnv({ AMORA_ORIGIN: "https://amora.example" }).AMORA_ORIGIN).toBe(
      "https://amora.example",
    );
    expect(() => parseEnv({ AMORA_ORIGIN: "https://amora.example/app" })).toThrow(/AMORA_ORIGIN/);
    expect(() => parseEnv({ AMORA_ORIGIN: "javascript:alert(1)" })).toThrow(/AMORA_ORIGIN/);
  });

  it("reads an empty value as unset, as the commented defaults of .env.example mean", () => {
    expect(parseEnv({ SMTP_URL: "", DEV_OUTBOX: "true" }).DEV_OUTBOX).toBe(true);
  });

  it("splits TRUSTED_PROXIES into the list the proxy rule compiles", () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXIES: "loopback, 10.0.0.0/8" }).TRUSTED_PROXIES).toEqual([
      "loopback",
      "10.0.0.0/8",
    ]);
  });
});

describe("the TEST_FIXTURES switch", () => {
  it("is off unless set", () => {
    expect(parseEnv({}).TEST_FIXTURES).toBe(false);
  });

  it("reads true and 1 as on, false and 0 as off", () => {
    expect(parseEnv({ TEST_FIXTURES: "true" }).TEST_FIXTURES).toBe(true);
    expect(parseEnv({ TEST_FIXTURES: "1" }).TEST_FIXTURES).toBe(true);
    expect(parseEnv({ TEST_FIXTURES: "false" }).TEST_FIXTURES).toBe(false);
    expect(parseEnv({ TEST_FIXTURES: "0" }).TEST_FIXTURES).toBe(false);
  });

  it("refuses any other spelling rather than guessing", () => {
    for (const value of ["yes", "TRUE", "on"]) {
      expect(() => parseEnv({ TEST_FIXTURES: value }), value).toThrow(/TEST_FIXTURES/);
    }
  });

  it("refuses to serve in production (the build, under NODE_ENV=production, goes on)", () => {
    const production = {
      NODE_ENV: "production",
      SANDBOX_PAYMENTS_IN_PRODUCTION: "true",
      EMAIL_HASH_SECRET: KEY,
    };
    expect(() => checkServingEnv(parseEnv({ ...production, TEST_FIXTURES: "true" }))).toThrow(
      /TEST_FIXTURES: .*refused with NODE_ENV=production or SMTP_URL/,
    );
    expect(() =>
      checkServingEnv(parseEnv({ ...production, TEST_FIXTURES: "false" })),
    ).not.toThrow();
  });

  it("refuses to start with a real mail transport", () => {
    expect(() => parseEnv({ TEST_FIXTURES: "1", SMTP_URL: "smtp://mail.example:587" })).toThrow(
      /TEST_FIXTURES/,
    );
  });
});

describe("TEST_DATABASE_SNAPSHOT", () => {
  it("is unset unless a test run sets it", () => {
    expect(parseEnv({}).TEST_DATABASE_SNAPSHOT).toBeUndefined();
    expect(parseEnv({ TEST_DATABASE_SNAPSHOT: "/tmp/run.tar" }).TEST_DATABASE_SNAPSHOT).toBe(
      "/tmp/run.tar",
    );
  });

  it("refuses to start in production, where a database never starts from a test's copy", () => {
    expect(() =>
      parseEnv({ TEST_DATABASE_SNAPSHOT: "/tmp/run.tar", NODE_ENV: "production" }),
    ).toThrow(/TEST_DATABASE_SNAPSHOT/);
  });
});

describe("LOGIN_IP_LIMIT", () => {
  it("defaults to 30 logins per address and accepts a higher limit for test runs", () => {
    expect(parseEnv({}).LOGIN_IP_LIMIT).toBe(30);
    expect(parseEnv({ LOGIN_IP_LIMIT: "2000" }).LOGIN_IP_LIMIT).toBe(2000);
    expect(() => parseEnv({ LOGIN_IP_LIMIT: "0" })).toThrow(/LOGIN_IP_LIMIT/);
  });
});

describe("WEB_CONCURRENCY (one server process per core)", () => {
  it("runs one process unless told otherwise", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
  });

  it("runs several only on a PostgreSQL server, which they can share", () => {
    expect(
      parseEnv({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://db.example/amora" })
        .WEB_CONCURRENCY,
    ).toBe(2);
    expect(() => parseEnv({ WEB_CONCURRENCY: "2" })).toThrow(/DATABASE_URL.*WEB_CONCURRENCY/s);
    expect(() => parseEnv({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
  });
});

describe("web push settings (design §2)", () => {
  const pair = {
    VAPID_PUBLIC_KEY: `B${"a".repeat(86)}`,
    VAPID_PRIVATE_KEY: "b".repeat(43),
  };

  it("takes the VAPID keys as a pair, or neither", () => {
    expect(parseEnv(pair).VAPID_PUBLIC_KEY).toBe(pair.VAPID_PUBLIC_KEY);
    expect(parseEnv({}).VAPID_PRIVATE_KEY).toBeUndefined();
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY.*pair/s,
    );
    expect(() => parseEnv({ ...pair, VAPID_PRIVATE_KEY: "short" })).toThrow(/VAPID_PRIVATE_KEY/);
  });

  it("lets subscriptions name the browsers' push services only, unless told otherwise", () => {
    expect(parseEnv({}).PUSH_SERVICE_HOSTS).toContain("fcm.googleapis.com");
    expect(parseEnv({}).PUSH_SERVICE_HOSTS).not.toContain("localhost");
    expect(
      parseEnv({ PUSH_SERVICE_HOSTS: " Push.Example , other.example" }).PUSH_SERVICE_HOSTS,
    ).toEqual(["push.example", "other.example"]);
    expect(parseEnv({ PUSH_SERVICE_HOSTS: "localhost:8443" }).PUSH_SERVICE_HOSTS).toEqual([
      "localhost:8443",
    ]);
    expect(() => parseEnv({ PUSH_SERVICE_HOSTS: "push.example:any" })).toThrow(
      /PUSH_SERVICE_HOSTS/,
    );
    expect(() => parseEnv({ VAPID_SUBJECT: "someone@example.com" })).toThrow(/VAPID_SUBJECT/);
  });
});

describe("the PAYMENT_PROVIDER setting (design §9)", () => {
  it("is the sandbox by default, which a production server refuses: it completes payments nobody made", () => {
    expect(parseEnv({}).PAYMENT_PROVIDER).toBe("sandbox");
    expect(() => checkServingEnv(parseEnv({}))).not.toThrow();
    // The build runs with NODE_ENV=production: the schema itself accepts it.
    const production = parseEnv({ NODE_ENV: "production" });
    expect(() => checkServingEnv(production)).toThrow(/PAYMENT_PROVIDER=sandbox/);
    // A staging server (or the bench) says so in as many words.
    const staging = parseEnv({
      NODE_ENV: "production",
      SANDBOX_PAYMENTS_IN_PRODUCTION: "true",
      EMAIL_HASH_SECRET: KEY,
    });
    expect(() => checkServingEnv(staging)).not.toThrow();
    expect(() => parseEnv({ PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
  });
});

describe("the EMAIL_HASH_SECRET setting (design §13)", () => {
  it("has a development key outside production, and none in production, which refuses to serve", () => {
    expect(parseEnv({}).EMAIL_HASH_SECRET).toMatch(/development/);
    const production = { NODE_ENV: "production", SANDBOX_PAYMENTS_IN_PRODUCTION: "true" };
    expect(parseEnv(production).EMAIL_HASH_SECRET).toBeUndefined();
    expect(() => checkServingEnv(parseEnv(production))).toThrow(/EMAIL_HASH_SECRET/);
    expect(() =>
      checkServingEnv(parseEnv({ ...production, EMAIL_HASH_SECRET: KEY })),
    ).not.toThrow();
    expect(() => parseEnv({ EMAIL_HASH_SECRET: "short" })).toThrow(/EMAIL_HASH_SECRET/);
  });
});
