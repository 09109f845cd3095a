import { describe, expect, it, vi } from "vitest";

// This file runs the app as it runs behind a load balancer on the same machine. Set before any
// module reads the environment (the env schema is read once per process).
vi.hoisted(() => {
  process.env.TRUSTED_PROXIES = "loopback";
});

const { createApp } = await import("../app");
const { createLoggedInMember, nextTestAddress, uniqueEmail } = await import("../../test/members");
const { latestBirthdateForAge } = await import("../profiles/age");

const app = createApp();

describe("with TRUSTED_PROXIES=loopback (behind a proxy)", () => {
  it("counts signups per forwarded client address, not per proxy", async () => {
    // Twelve clients behind the proxy, on a network of this run's own (CI shares one database).
    const clients = Array.from({ length: 12 }, () => nextTestAddress());
    const statuses: number[] = [];
    for (const client of clients) {
      const response = await app.request(
        "/api/signup.php",
        {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": client },
          body: JSON.stringify({
            email: uniqueEmail("behind-proxy"),
            name: "Robin",
            password: "a long and unusual passphrase",
            date_of_birth: latestBirthdateForAge(30),
          }),
        },
        { clientAddress: "127.0.0.1" },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array(12).fill(201));
  }, 120_000);

  it("marks the auth cookie Secure when the proxy says the client used HTTPS", async () => {
    const member = await createLoggedInMember(app, { password: "test member password" });
    const response = await app.request(
      "/api/user.php",
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": "203.0.113.50",
          "x-forwarded-proto": "https",
        },
        body: JSON.stringify({ email: member.email, password: "test member password" }),
      },
      { clientAddress: "127.0.0.1" },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/auth=[^;]+;.*Secure/i);
  });
});
