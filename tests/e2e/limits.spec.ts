import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";

// design §10: page form posts (login, language) are small; a larger body is refused before it
// is read, and one of unknown length is refused outright.
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
});
