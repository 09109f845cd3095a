import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { LegalTextAnswer, LegalTextsAnswer } from "../../contract/staff-legal";
import { STAFF_ROLES } from "../../contract/staff-options";
import type { SiteSettingsAnswer } from "../../contract/staff-settings";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { liveLegalText } from "../content/legal-overrides";
import { getSiteById } from "../sites/registry";
import { getReadyDb } from "../startup";
import { hasPermission } from "./permissions";
import { staffAudit } from "./schema";

const app = createApp();
const TERMS = "/api/staff/legal/herzklopfen/de/terms";

/** A valid text: front matter within its limits, a placeholder and an allowed link. */
function text(body: string, title = "Geänderte AGB") {
  const description =
    "Die geänderten Allgemeinen Geschäftsbedingungen für alle Mitglieder von {{site_name}}, gültig ab sofort.";
  return `---\ntitle: "${title}"\ndescription: "${description}"\n---\n\n${body}\n`;
}

describe("legal texts in the console (issue 28 item 5, decision 0013)", () => {
  it("are for editors and admins alone (content.edit)", async () => {
    for (const role of STAFF_ROLES) {
      const staff = await createSignedInStaff(app, role);
      const answer = await staffCall(app, "GET", "/api/staff/legal/amora/en", staff.cookie);
      expect(answer.status, role).toBe(hasPermission(role, "content.edit") ? 200 : 403);
    }
    expect((await staffCall(app, "GET", "/api/staff/legal/amora/en", "")).status).toBe(403);
  });

  it("lists every text of a site and language, and 404 for a site or text there is not", async () => {
    const editor = await createSignedInStaff(app, "editor");
    const list = (await (
      await staffCall(app, "GET", "/api/staff/legal/amora/fr", editor.cookie)
    ).json()) as LegalTextsAnswer;
    expect(list.documents.map((entry) => entry.document)).toContain("complaints");
    expect(list.documents).toHaveLength(8);
    const us = (await (
      await staffCall(app, "GET", "/api/staff/legal/amora/en-US", editor.cookie)
    ).json()) as LegalTextsAnswer;
    expect(us.documents.map((entry) => entry.document)).toEqual(["privacy"]);
    for (const path of ["/api/staff/legal/nosite/en", "/api/staff/legal/amora/xx/terms"]) {
      expect((await staffCall(app, "GET", path, editor.cookie)).status).toBe(404);
    }
    expect(
      (await staffCall(app, "GET", "/api/staff/legal/amora/en-US/terms", editor.cookie)).status,
    ).toBe(404);
  });

  it("refuses a text that breaks a rule with 422 on markdown, in the editor's words", async () => {
    const editor = await createSignedInStaff(app, "editor", { language: "de" });
    const cases = [
      [text("Hallo {{site_nme}}"), "site_nme"],
      [text("[Hier](https://evil.example)"), "https://evil.example"],
      [text("[Hier](javascript:alert(1))"), "javascript:alert(1)"],
      [text("[x][r]\n\n[r]: javascript:alert(1)"), "javascript:alert(1)"],
      [text("<script>alert(1)</script>"), "HTML"],
      [text('<a href="/terms" onclick="x">a</a>'), "HTML"],
      [text("![Bild](https://evil.example/a.png)"), "HTML"],
      ["Kein Front Matter", "Front-Matter"],
      [text("Zu kurz", "X"), "Front-Matter"],
    ] as const;
    for (const [markdown, words] of cases) {
      for (const path of [TERMS, `${TERMS}/preview`]) {
        const answer = await staffCall(app, path === TERMS ? "PUT" : "POST", path, editor.cookie, {
          markdown,
        });
        expect(answer.status, markdown).toBe(422);
        const body = await answer.json();
        expect(body.error).toBe("validation");
        expect(body.fields.markdown, markdown).toContain(words);
      }
    }
  });

  it("previews a text with the site's values filled in and links in the page's language", async () => {
    const editor = await createSignedInStaff(app, "editor");
    const answer = await staffCall(app, "POST", `${TERMS}/preview`, editor.cookie, {
      markdown: text(
        "## Neu\n\nWillkommen bei {{site_name}}. Siehe [Datenschutz](/privacy#cookies).",
      ),
    });
    expect(answer.status).toBe(200);
    const preview = await answer.json();
    expect(preview.title).toBe("Geänderte AGB");
    expect(preview.html).toContain("Willkommen bei Herzklopfen.");
    expect(preview.html).toContain('href="/de/privacy#cookies"');
    // Nothing saved.
    const db = await getReadyDb();
    expect(await liveLegalText(db, getSiteById("herzklopfen"), "de", "terms")).toBeNull();
  });

  it("saves a text live for its site and language only, audited, and reverts it to the default", async () => {
    const admin = await createSignedInStaff(app, "admin");
    const db = await getReadyDb();
    const herzklopfen = getSiteById("herzklopfen");
    const amora = getSiteById("amora");
    // The pages have read their default (null: the prerendered file) and keep it in memory.
    expect(await liveLegalText(db, herzklopfen, "de", "terms")).toBeNull();
    expect(await liveLegalText(db, amora, "de", "terms")).toBeNull();

    const markdown = text("Neue Bedingungen von {{site_name}}.");
    const saved = await app.request(TERMS, {
      method: "PUT",
      headers: {
        cookie: admin.cookie,
        "content-type": "application/json",
        "idempotency-key": "legal-save-0001",
      },
      body: JSON.stringify({ markdown }),
    });
    expect(saved.status).toBe(200);
    const answer = (await saved.json()) as LegalTextAnswer;
    expect(answer.override?.markdown).toBe(markdown);
    expect(answer.override?.updated_by).toBe(admin.id);
    expect(answer.served).toBe("override");
    expect(answer.default_markdown).toContain("{{terms_date}}");

    const live = await liveLegalText(db, herzklopfen, "de", "terms");
    expect(live?.title).toBe("Geänderte AGB");
    expect(live?.html.trim()).toBe("<p>Neue Bedingungen von Herzklopfen.</p>");
    // The other site and another language keep their default.
    expect(await liveLegalText(db, amora, "de", "terms")).toBeNull();
    expect(await liveLegalText(db, herzklopfen, "en", "terms")).toBeNull();
    const list = (await (
      await staffCall(app, "GET", "/api/staff/legal/herzklopfen/de", admin.cookie)
    ).json()) as LegalTextsAnswer;
    expect(list.documents.find((entry) => entry.document === "terms")?.overridden).toBe(true);

    const reverted = await staffCall(app, "DELETE", TERMS, admin.cookie);
    expect(reverted.status).toBe(200);
    const back = (await reverted.json()) as LegalTextAnswer;
    expect([back.override, back.served]).toEqual([null, "default"]);
    expect(await liveLegalText(db, herzklopfen, "de", "terms")).toBeNull();

    const rows = await db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.staffId, admin.id), eq(staffAudit.targetType, "legal_text")));
    expect(rows.map((row) => [row.action, row.targetId, row.before, row.after])).toEqual([
      ["legal.save", "herzklopfen/de/terms", { markdown: null }, { markdown }],
      ["legal.revert", "herzklopfen/de/terms", { markdown }, { markdown: null }],
    ]);
  });

  it("applies an Idempotency-Key once: a retried save stores one version", async () => {
    const editor = await createSignedInStaff(app, "editor");
    const path = "/api/staff/legal/amora/nl/faq";
    const send = () =>
      app.request(path, {
        method: "PUT",
        headers: {
          cookie: editor.cookie,
          "content-type": "application/json",
          "idempotency-key": "legal-save-retry-01",
        },
        body: JSON.stringify({ markdown: text("Vraag en antwoord.") }),
      });
    expect((await send()).status).toBe(200);
    const again = await send();
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const rows = await (await getReadyDb())
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.staffId, editor.id), eq(staffAudit.action, "legal.save")));
    expect(rows).toHaveLength(1);
  });

  it("renders a text anew for a site whose company details an operator changed", async () => {
    const admin = await createSignedInStaff(app, "admin");
    const db = await getReadyDb();
    const settings = "/api/staff/sites/herzklopfen/settings";
    const put = (body: unknown) =>
      app.request(settings, {
        method: "PUT",
        headers: { cookie: admin.cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    // The prerendered pages quote the registry's company: they serve while it is unchanged.
    expect(await liveLegalText(db, getSiteById("herzklopfen"), "de", "terms")).toBeNull();
    const { defaults } = (await (
      await staffCall(app, "GET", settings, admin.cookie)
    ).json()) as SiteSettingsAnswer;
    expect((await put({ company: { ...defaults.company, name: "Herz Media GmbH" } })).status).toBe(
      200,
    );
    const renamed = await liveLegalText(db, getSiteById("herzklopfen"), "de", "terms");
    expect(renamed?.html).toContain("Herz Media GmbH");
    expect(renamed?.html).not.toContain(defaults.company.name);
    expect(renamed?.html).not.toContain("{{");
    // A change that the texts do not quote leaves the prerendered pages in place.
    expect(await liveLegalText(db, getSiteById("amora"), "de", "terms")).toBeNull();
    expect((await put({ company: defaults.company, message_credits: 11 })).status).toBe(200);
    expect(await liveLegalText(db, getSiteById("herzklopfen"), "de", "terms")).toBeNull();
  });
});
