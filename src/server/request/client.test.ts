import proxyAddr from "proxy-addr";
import { describe, expect, it } from "vitest";
import { createLoggedInMember, nextTestAddress, uniqueEmail } from "../../test/members";
import { createApp } from "../app";
import { latestBirthdateForAge } from "../profiles/age";
import { resolveClient } from "./client";

const headers = (values: Record<string, string>) => new Headers(values);
const forwarded = headers({
  "x-forwarded-for": "203.0.113.9, 10.0.0.7",
  "x-forwarded-proto": "https",
});

describe("resolveClient (design §10: the trusted-proxy rule)", () => {
  it("ignores X-Forwarded-* from a peer that is not a trusted proxy", () => {
    const trust = proxyAddr.compile([]);
    expect(
      resolveClient(forwarded, { peerAddress: "10.0.0.7", socketIsHttps: false }, trust),
    ).toEqual({ address: "10.0.0.7", isHttps: false });
  });

  it("believes a trusted proxy and skips every trusted hop to the client", () => {
    const trust = proxyAddr.compile(["10.0.0.0/8"]);
    expect(
      resolveClient(forwarded, { peerAddress: "10.0.0.1", socketIsHttps: false }, trust),
    ).toEqual({ address: "203.0.113.9", isHttps: true });
  });

  it("stops at the first untrusted address, so a client cannot prepend its own", () => {
    const trust = proxyAddr.compile(["loopback"]);
    const spoofed = headers({ "x-forwarded-for": "1.2.3.4, 198.51.100.20" });
    expect(
      resolveClient(spoofed, { peerAddress: "127.0.0.1", socketIsHttps: false }, trust).address,
    ).toBe("198.51.100.20");
  });

  it("keeps the socket's scheme when a trusted proxy sends no X-Forwarded-Proto", () => {
    const trust = proxyAddr.compile(["loopback"]);
    const plain = headers({ "x-forwarded-for": "198.51.100.20" });
    expect(resolveClient(plain, { peerAddress: "::1", socketIsHttps: true }, trust).isHttps).toBe(
      true,
    );
  });
});

describe("without TRUSTED_PROXIES (the default)", () => {
  const app = createApp();

  it("counts signups from one peer against one limit, whatever X-Forwarded-For claims", async () => {
    const peer = nextTestAddress();
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const response = await app.request(
        "/api/signup.php",
        {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}` },
          body: JSON.stringify({
            email: uniqueEmail("proxied"),
            name: "Robin",
            password: "a long and unusual passphrase",
            date_of_birth: latestBirthdateForAge(30),
          }),
        },
        { clientAddress: peer },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  }, 120_000);

  it("sets no Secure cookie because of a forged X-Forwarded-Proto", async () => {
    const member = await createLoggedInMember(app, { password: "test member password" });
    const response = await app.request(
      "/api/user.php",
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-proto": "https" },
        body: JSON.stringify({ email: member.email, password: "test member password" }),
      },
      { clientAddress: nextTestAddress() },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).not.toMatch(/;\s*Secure/i);
  });
});
