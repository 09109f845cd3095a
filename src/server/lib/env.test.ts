import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

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

  it("refuses the outbox page in production", () => {
    expect(() => parseEnv({ DEV_OUTBOX: "1", NODE_ENV: "production" })).toThrow(/DEV_OUTBOX/);
  });

  it("refuses a switch spelled in a way it does not understand instead of reading it as off", () => {
    expect(() => parseEnv({ DEV_OUTBOX: "yes" })).toThrow(/DEV_OUTBOX/);
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
