import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../i18n/locales";
import { getDb } from "../db/client";
import { getTranslate } from "../lib/i18n";
import { defaultSite } from "../sites/registry";
import { receiveComplaintForm } from "./complaint-form";
import { complaints } from "./schema";

/** A fresh documentation address (RFC 3849) per test, so the limit counts only its own posts. */
const run = randomBytes(4)
  .toString("hex")
  .replace(/(.{4})/, "$1:");
let addresses = 0;
const nextAddress = () => `2001:db8:${run}::${++addresses}`;

/** The complaint form as a browser posts it to its page (form-encoded, CRLF line breaks). */
async function post(fields: Record<string, string | Blob>, address: string, locale: Locale = "en") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return receiveComplaintForm(await getDb(), form, {
    site: defaultSite,
    locale,
    t: getTranslate(locale),
    address,
    userId: null,
  });
}

const valid = {
  name: "Maria Jansen",
  email: "maria@test.example",
  category: "payment",
  message: "I was charged twice\r\nfor one credit package on Monday.",
};

describe("the complaint form posted to its page (spec §2, before its island hydrates)", () => {
  it("stores the complaint as the API does, line breaks as the island sends them", async () => {
    const answer = await post(valid, nextAddress());
    expect(answer.status).toBe(200);
    const reference = answer.posted.reference ?? 0;
    const db = await getDb();
    const [row] = await db.select().from(complaints).where(eq(complaints.id, reference));
    expect(row).toMatchObject({
      name: "Maria Jansen",
      email: "maria@test.example",
      category: "payment",
      message: "I was charged twice\nfor one credit package on Monday.",
      locale: "en",
      userId: null,
    });
  });

  it("keeps what was typed and names each problem in the visitor's language, storing nothing", async () => {
    const db = await getDb();
    const before = await db.$count(complaints);
    const typed = {
      ...valid,
      email: "not an address",
      category: "refund-now",
      message: "Ich wurde zweimal belastet\u0000, bitte prüfen",
    };
    const answer = await post(typed, nextAddress(), "de");
    expect(answer.status).toBe(422);
    expect(answer.posted).toEqual({
      values: typed,
      reference: null,
      fields: {
        email: "Ungültige E-Mail-Adresse",
        category: "Wähle eine der angebotenen Möglichkeiten",
        message: "Dieser Text enthält unsichtbare Zeichen, die nicht erlaubt sind",
      },
    });
    expect(await db.$count(complaints)).toBe(before);
  });

  it("takes a missing field or a file in place of text as empty, and says it is needed", async () => {
    const { category: _, ...withoutCategory } = valid;
    const answer = await post(
      { ...withoutCategory, name: new Blob(["Maria"], { type: "text/plain" }) },
      nextAddress(),
    );
    expect(answer.status).toBe(422);
    expect(answer.posted.values).toMatchObject({ name: "", category: "" });
    expect(answer.posted.fields).toEqual({
      name: "This field is required",
      category: "This field is required",
    });
  });

  it("counts against the API's limit: the sixth in an hour from one address waits, text kept", async () => {
    const address = nextAddress();
    for (let sent = 0; sent < 5; sent++) expect((await post(valid, address)).status).toBe(200);
    const refused = await post(valid, address);
    expect(refused.status).toBe(429);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.posted).toMatchObject({
      reference: null,
      error: "Too many attempts. Please wait a moment and try again.",
      values: { message: "I was charged twice\nfor one credit package on Monday." },
    });
    // Another address is not held up by it.
    expect((await post(valid, nextAddress())).status).toBe(200);
  });
});
