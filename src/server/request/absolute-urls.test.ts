import { describe, expect, it } from "vitest";
import { createLoggedInMember, uniqueEmail } from "../../test/members";
import { findMailsTo } from "../../test/outbox";
import { createApp } from "../app";
import { latestBirthdateForAge } from "../profiles/age";
import { defaultSite, getSiteById } from "../sites/registry";

const app = createApp();
let address = 0;

/** A request as an attacker sends it: a forged Host and forwarded host. */
function post(path: string, body: unknown, headers: Record<string, string>) {
  address++;
  return app.request(
    path,
    {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    },
    { clientAddress: `198.51.100.${address % 250}` },
  );
}

/** Every absolute URL in a member's mails (text and HTML). */
async function linksMailedTo(email: string): Promise<string[]> {
  const mails = await findMailsTo(email);
  expect(mails.length).toBeGreaterThan(0);
  return mails.flatMap(
    (mail) => `${mail.text} ${mail.html}`.match(/https?:\/\/[^\s"'<>)]+/g) ?? [],
  );
}

const forged = { host: "evil.example", "x-forwarded-host": "evil.example" };

describe("links in e-mails (design §4: the site's configured origin, never the Host header)", () => {
  it("a password reset asked for with a forged Host links to the site's own origin", async () => {
    const { email } = await createLoggedInMember(app);
    expect((await post("/api/password-reset.php", { email }, forged)).status).toBe(200);
    const links = await linksMailedTo(email);
    expect(links.some((link) => link.includes("/reset-password/do?token="))).toBe(true);
    for (const link of links) expect(link.startsWith(`${defaultSite.origin}/`)).toBe(true);
  }, 60_000);

  it("a signup with a forged Host gets its activation link on the site's own origin", async () => {
    const email = uniqueEmail("forged-signup");
    const body = {
      email,
      name: "Robin",
      password: "a long and unusual passphrase",
      date_of_birth: latestBirthdateForAge(30),
    };
    expect((await post("/api/signup.php", body, forged)).status).toBe(201);
    for (const link of await linksMailedTo(email)) {
      expect(link.startsWith(`${defaultSite.origin}/`)).toBe(true);
    }
  });

  it("an e-mail change and an account deletion link to the site's own origin", async () => {
    const member = await createLoggedInMember(app, { password: "test member password" });
    const newEmail = uniqueEmail("new-address");
    const asMember = { ...forged, cookie: member.cookie };
    expect((await post("/api/mail-change.php", { email: newEmail }, asMember)).status).toBe(200);
    expect(
      (await post("/api/account-delete.php", { password: "test member password" }, asMember))
        .status,
    ).toBe(200);
    for (const link of [
      ...(await linksMailedTo(newEmail)),
      ...(await linksMailedTo(member.email)),
    ]) {
      expect(link.startsWith(`${defaultSite.origin}/`)).toBe(true);
    }
  });

  it("a known site's host gets that site's configured origin", async () => {
    const herzklopfen = getSiteById("herzklopfen");
    const { email } = await createLoggedInMember(app, { siteId: "herzklopfen" });
    await post("/api/password-reset.php", { email }, { host: herzklopfen.domain });
    for (const link of await linksMailedTo(email)) {
      expect(link.startsWith(`${herzklopfen.origin}/`)).toBe(true);
    }
  });
});
