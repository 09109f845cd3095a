import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DirectDebitCodeSent, OrderAnswer } from "../../contract/payments";
import { directDebitMandate, memberCall, paymentWebhook } from "../../test/api";
import { createLoggedInMember, memberBalance } from "../../test/members";
import { findTextedCode } from "../../test/outbox";
import { createApp } from "../app";
import { getTranslate } from "../lib/i18n";
import { defaultSite } from "../sites/registry";
import { getReadyDb } from "../startup";
import { CODE_ATTEMPTS, maskedIban, mobileNumber, requestDirectDebit } from "./direct-debit";
import { setSandboxOutcome } from "./sandbox";
import { directDebitBlocks, directDebitMandates, orders } from "./schema";

const app = createApp();
type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

/** A German IBAN that passes every check (the ECBS example), and a Dutch one as typed in haste. */
const IBAN = "DE89 3704 0044 0532 0130 00";
const DUTCH_IBAN = "nl91abna0417164300";

let phoneSerial = 0;
/** A Dutch mobile number of this test alone (the per-phone text limit is per number). */
function mobile(): string {
  phoneSerial += 1;
  return `06 1${String((process.pid * 1000 + phoneSerial) % 10_000_000).padStart(7, "0")}`;
}

function buyer(country = "nl", language: string | null = null) {
  return createLoggedInMember(app, { language, profile: { country } });
}

/** A mandate with a number of its own, the IBAN typed in haste. */
function form(overrides: Record<string, unknown> = {}) {
  return directDebitMandate({ iban: DUTCH_IBAN, phone: mobile(), ...overrides });
}

async function askCode(member: Member, body: Record<string, unknown> = form()) {
  return memberCall(app, "POST", "/api/directdebit.php", member.cookie, body);
}

async function confirm(member: Member, mandate: number, otp: string) {
  return memberCall(app, "POST", "/api/directdebit-confirm.php", member.cookie, { mandate, otp });
}

async function mandateRow(id: number) {
  const db = await getReadyDb();
  const [row] = await db.select().from(directDebitMandates).where(eq(directDebitMandates.id, id));
  if (!row) throw new Error(`no mandate ${id}`);
  return row;
}

/** Asks for a code and confirms it: the order the direct debit made. */
async function payByDirectDebit(member: Member, packageId = 2) {
  const asked = await askCode(member, form({ package_id: packageId }));
  expect(asked.status).toBe(201);
  const sent = (await asked.json()) as DirectDebitCodeSent;
  const { code } = await findTextedCode((await mandateRow(sent.mandate)).phone);
  const confirmed = await confirm(member, sent.mandate, code);
  expect(confirmed.status).toBe(201);
  return ((await confirmed.json()) as OrderAnswer).order;
}

async function fieldsOf(response: Response) {
  expect(response.status).toBe(422);
  return ((await response.json()) as { fields: Record<string, string> }).fields;
}

describe("the direct-debit form's checks (issue 14, spec §3, §5)", () => {
  it("checks the IBAN with ibantools, the SEPA area, the mobile number, and the mandate box", async () => {
    const member = await buyer();
    const t = getTranslate("en");
    const typo = await fieldsOf(
      await askCode(member, form({ iban: "DE89 3704 0044 0532 0130 01" })),
    );
    expect(typo.iban).toBe(t("payments.directDebit.error.iban"));
    // A valid IBAN of a country outside SEPA (Brazil).
    const brazil = await fieldsOf(
      await askCode(member, form({ iban: "BR18 0036 0305 0000 1000 9795 493C 1" })),
    );
    expect(brazil.iban).toBe(t("payments.directDebit.error.ibanCountry"));
    const unticked = await fieldsOf(await askCode(member, form({ mandate: false })));
    expect(unticked.mandate).toBe(t("payments.directDebit.error.mandate"));
    const missing = await fieldsOf(await askCode(member, form({ holder: "  ", city: undefined })));
    expect(missing).toMatchObject({
      holder: t("validation.required"),
      city: t("validation.required"),
    });
    const nul = await fieldsOf(await askCode(member, form({ street: "Main\u0000Street" })));
    expect(nul.street).toBe(t("validation.controlCharacters"));
    // A landline cannot receive the code.
    const landline = await askCode(member, form({ phone: "020 555 1234" }));
    expect((await fieldsOf(landline)).phone).toBe(t("payments.directDebit.error.phone"));
    // Nothing was texted for any of them.
    const db = await getReadyDb();
    expect(
      await db
        .select()
        .from(directDebitMandates)
        .where(eq(directDebitMandates.userId, member.user.id)),
    ).toEqual([]);
  });

  it("reads a national number in the member's country and others by their country code", async () => {
    expect(await mobileNumber("06 12345678", "nl")).toBe("+31612345678");
    expect(await mobileNumber("0151 23456789", "de")).toBe("+4915123456789");
    expect(await mobileNumber("+49 151 23456789", "nl")).toBe("+4915123456789");
    expect(await mobileNumber("12345", "nl")).toBeNull();
    expect(maskedIban("DE89370400440532013000")).toBe("DE89 •••• •••• •••• •••• 00");
  });

  it("is only for euro members: a Dane is told the method is not offered", async () => {
    const dane = await buyer("dk");
    const fields = await fieldsOf(await askCode(dane));
    expect(fields.method).toBe(getTranslate("en")("payments.error.methodNotOffered"));
    // Nor can a direct debit be ordered around its form.
    const dutch = await buyer("nl");
    const around = await memberCall(app, "POST", "/api/order.php", dutch.cookie, {
      package_id: 2,
      method: "sdd",
      immediate_performance: true,
    });
    expect((await fieldsOf(around)).method).toBeDefined();
  });
});

describe("the texted code (issue 14: single use, expires, limited attempts)", () => {
  it("texts a code in the member's language; the right one makes a pending debit, once", async () => {
    const member = await buyer("de", "de");
    const body = form({ phone: "0151 2345 6789", iban: IBAN });
    const asked = await askCode(member, body);
    expect(asked.status).toBe(201);
    const sent = (await asked.json()) as DirectDebitCodeSent;
    expect(sent.phone).toBe("+49 1 •••• 6789");
    expect(sent.minutes).toBe(10);
    const row = await mandateRow(sent.mandate);
    expect(row.phone).toBe("+4915123456789");
    expect(row.iban).toBe("DE89370400440532013000");
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const { code, text } = await findTextedCode(row.phone);
    expect(text).toContain("Lastschrift");
    expect(text).toContain("19,99");
    expect(row.codeHash).not.toContain(code);

    const wrong = await confirm(member, sent.mandate, code === "000000" ? "111111" : "000000");
    expect((await fieldsOf(wrong)).otp).toBe(
      getTranslate("de")("payments.directDebit.error.codeInvalid"),
    );

    const confirmed = await confirm(member, sent.mandate, code);
    expect(confirmed.status).toBe(201);
    const { order } = (await confirmed.json()) as OrderAnswer;
    expect(order).toMatchObject({ state: "pending", method: "sdd", amount: 1999, currency: "EUR" });
    const after = await mandateRow(sent.mandate);
    expect(after.orderId).toBe(order.id);
    expect(after.confirmedAt).not.toBeNull();
    // The provider has the account now; we keep it masked only.
    expect(after.iban).toBe("DE89 •••• •••• •••• •••• 00");

    // Single use: the same code again makes no second order.
    const again = await confirm(member, sent.mandate, code);
    expect((await fieldsOf(again)).otp).toBe(
      getTranslate("de")("payments.directDebit.error.codeExpired"),
    );
    const db = await getReadyDb();
    expect(await db.select().from(orders).where(eq(orders.userId, member.user.id))).toHaveLength(1);
  });

  it(`takes ${CODE_ATTEMPTS} wrong codes, then not even the right one`, async () => {
    const member = await buyer();
    const sent = (await (await askCode(member)).json()) as DirectDebitCodeSent;
    const { code } = await findTextedCode((await mandateRow(sent.mandate)).phone);
    const wrongCode = code === "123456" ? "654321" : "123456";
    for (let attempt = 1; attempt <= CODE_ATTEMPTS; attempt += 1) {
      const wrong = await confirm(member, sent.mandate, wrongCode);
      expect((await fieldsOf(wrong)).otp).toBe("Code invalid");
    }
    const right = await confirm(member, sent.mandate, code);
    expect((await fieldsOf(right)).otp).toBe(
      getTranslate("en")("payments.directDebit.error.codeExpired"),
    );
  });

  it("expires after its minutes", async () => {
    const member = await buyer();
    const db = await getReadyDb();
    const country = "nl";
    const sent = await requestDirectDebit(
      db,
      null,
      defaultSite,
      {
        userId: member.user.id,
        siteId: defaultSite.id,
        paidUser: false,
        signupDate: new Date(),
        country,
        email: member.email,
        locale: "en",
      },
      {
        packageId: 1,
        holder: "Anna de Vries",
        iban: "NL91ABNA0417164300",
        street: "Prinsengracht",
        houseNumber: "263",
        zip: "1016 GV",
        city: "Amsterdam",
        phone: mobile(),
      },
      new Date(Date.now() - 11 * 60_000),
    );
    const { code } = await findTextedCode((await mandateRow(sent.mandate)).phone);
    const late = await confirm(member, sent.mandate, code);
    expect((await fieldsOf(late)).otp).toBe(
      getTranslate("en")("payments.directDebit.error.codeExpired"),
    );
  });

  it("does not let another member use a mandate, and refuses a code that is not six digits", async () => {
    const owner = await buyer();
    const sent = (await (await askCode(owner)).json()) as DirectDebitCodeSent;
    const { code } = await findTextedCode((await mandateRow(sent.mandate)).phone);
    const intruder = await buyer();
    expect((await confirm(intruder, sent.mandate, code)).status).toBe(404);
    expect((await fieldsOf(await confirm(owner, sent.mandate, "12a456"))).otp).toBe("Code invalid");
    expect((await confirm(owner, 2 ** 31, code)).status).toBe(422);
    // The owner's code still works: the intruder's try cost nothing.
    expect((await confirm(owner, sent.mandate, code)).status).toBe(201);
  });

  it("texts one number no more than five times a day, whoever asks", async () => {
    const phone = mobile();
    for (let time = 0; time < 5; time += 1) {
      expect((await askCode(await buyer(), form({ phone, package_id: 1 }))).status).toBe(201);
    }
    expect((await askCode(await buyer(), form({ phone, package_id: 1 }))).status).toBe(429);
  });
});

describe("who may pay by direct debit (spec §8)", () => {
  it("credits a collected debit; a bounced one blocks the member from direct debit", async () => {
    const member = await buyer();
    const db = await getReadyDb();
    const first = await payByDirectDebit(member, 1);
    const [paid] = await db.select().from(orders).where(eq(orders.id, first.id));
    // The bank pays (the sandbox's page plays it), and the webhook follows.
    const before = await memberBalance(member.user.id);
    await setSandboxOutcome(db, paid?.providerRef ?? "", "paid");
    await paymentWebhook(app, paid?.providerRef ?? "");
    expect(await memberBalance(member.user.id)).toEqual({
      credits: (before?.credits ?? 0) + 100,
      paid: true,
    });

    const second = await payByDirectDebit(member, 1);
    const [bounced] = await db.select().from(orders).where(eq(orders.id, second.id));
    await setSandboxOutcome(db, bounced?.providerRef ?? "", "failed");
    await paymentWebhook(app, bounced?.providerRef ?? "");
    expect(
      await db.select().from(directDebitBlocks).where(eq(directDebitBlocks.userId, member.user.id)),
    ).toHaveLength(1);

    const refused = await askCode(member);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: "direct_debit_blocked",
      message: "Your account is blocked for direct debit payments",
    });
  });

  it("stops at the site's monthly limit, counting the debits still on their way", async () => {
    const member = await buyer();
    // 59.99 is within the limit of 100.00; a second one is not, while the first is pending.
    await payByDirectDebit(member, 4);
    const refused = await askCode(member, form({ package_id: 4 }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: "direct_debit_limit",
      message: "Your limit for direct debit payments has been reached",
    });
    // A smaller package still fits: 59.99 + 19.99.
    expect((await askCode(member, form({ package_id: 2 }))).status).toBe(201);
    const db = await getReadyDb();
    const pending = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, member.user.id), eq(orders.method, "sdd")));
    expect(pending.map((row) => row.state)).toEqual(["pending"]);
  });

  it("checks the limit again when the code comes: two mandates cannot both pass", async () => {
    const member = await buyer();
    const one = (await (
      await askCode(member, form({ package_id: 4 }))
    ).json()) as DirectDebitCodeSent;
    const two = (await (
      await askCode(member, form({ package_id: 4 }))
    ).json()) as DirectDebitCodeSent;
    const codeOne = (await findTextedCode((await mandateRow(one.mandate)).phone)).code;
    const codeTwo = (await findTextedCode((await mandateRow(two.mandate)).phone)).code;
    const answers = await Promise.all([
      confirm(member, one.mandate, codeOne),
      confirm(member, two.mandate, codeTwo),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403]);
  });

  it("lets no more of 15 repeat orders at once through than the monthly limit holds", async () => {
    const member = await buyer();
    const db = await getReadyDb();
    // One collected debit of 9.99: nine more fit under the limit of 100.00, a tenth does not.
    const first = await payByDirectDebit(member, 1);
    const [paid] = await db.select().from(orders).where(eq(orders.id, first.id));
    await setSandboxOutcome(db, paid?.providerRef ?? "", "paid");
    await paymentWebhook(app, paid?.providerRef ?? "");

    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        memberCall(app, "POST", "/api/repeat-order.php", member.cookie, {
          immediate_performance: true,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(9);
    expect(statuses.filter((status) => status === 403)).toHaveLength(6);
    const debits = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, member.user.id), eq(orders.method, "sdd")));
    expect(debits.reduce((sum, order) => sum + order.amount, 0)).toBe(10 * 999);
  });
});
