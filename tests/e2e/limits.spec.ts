import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";

// design §10: page form posts (login, language, a complaint) are small; a larger body is refused
// before it is read, and one of unknown length is refused outright.
test.describe("form posts to pages", () => {
  test("a body over the page limit is refused with 413", async ({ request }) => {
    const response = await request.post("/login", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: `email=a%40b.example&password=${"x".repeat(20 * 1024)}`,
    });
    expect(response.status()).toBe(413);
  });

  test("an ordinary login form post is still answered by the login page", async ({ request }) => {
    const response = await request.post("/login", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      // An address of its own: wrong passwords for one address end in a lockout.
      data: `email=nobody-${randomUUID()}%40test.example&password=wrong-password-1`,
    });
    expect(response.status()).toBe(401);
  });

  test("the longest complaint, form-encoded, reaches the complaints page; more does not", async ({
    request,
  }) => {
    // 5 000 characters of 3 bytes in UTF-8, 9 once form-encoded: the longest the form sends.
    // An address the schema refuses, so the page answers without storing (or counting) it.
    const form = (message: string) =>
      new URLSearchParams({ name: "Mei", email: "no", category: "other", message }).toString();
    const longest = await request.post("/de/complaints", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: form("語".repeat(5000)),
    });
    expect(longest.status()).toBe(422);
    expect(await longest.text()).toContain("Ungültige E-Mail-Adresse");
    const larger = await request.post("/complaints", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: form("語".repeat(8000)),
    });
    expect(larger.status()).toBe(413);
  });
});
