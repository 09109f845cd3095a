import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderAnswer } from "../../contract/payments";
import { orderWithCode } from "../../test/api";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { getTranslate } from "../lib/i18n";
import { getReadyDb } from "../startup";
import { discountCodes } from "./schema";

/*
 * issue 28 item 3: every rule of a code (spec §3) holds at checkout, each on its own: a code
 * that breaks only that rule is refused, and the same code that keeps it is taken.
 */

const app = createApp();
const HOUR = 60 * 60 * 1000;
const HERZKLOPFEN = "127.0.0.1";
type Member = Awaited<ReturnType<typeof createLoggedInMember>>;
type CodeValues = Partial<typeof discountCodes.$inferInsert>;

async function makeCode(values: CodeValues) {
  const code = `R${randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase()}`;
  await (await getReadyDb()).insert(discountCodes).values({ code, valuePercentage: 10, ...values });
  return code;
}

function order(member: Member, code: string, options: { method?: string; host?: string } = {}) {
  return orderWithCode(app, member.cookie, code, options);
}

async function refusal(answer: Response) {
  expect(answer.status).toBe(422);
  return ((await answer.json()) as { fields: Record<string, string> }).fields.code;
}

describe("a discount code's rules at checkout (spec §3, issue 28)", () => {
  let member: Member;
  let other: Member;
  beforeAll(async () => {
    member = await createLoggedInMember(app, { language: "en", profile: { country: "nl" } });
    other = await createLoggedInMember(app, { profile: { country: "nl" } });
  });
  const t = getTranslate("en");
  const notFound = t("payments.code.notFound");
  const past = () => new Date(Date.now() - HOUR);
  const future = () => new Date(Date.now() + HOUR);

  /** rule, the code breaking it, the code keeping it, the refusal, how the order is sent. */
  type Rule = [string, CodeValues, CodeValues, string, { method?: string; host?: string }?];
  const rules: Rule[] = [
    ["site", { siteId: "herzklopfen" }, { siteId: "amora" }, notFound],
    [
      "site (the other one)",
      { siteId: "amora" },
      { siteId: "herzklopfen" },
      notFound,
      {
        host: HERZKLOPFEN,
      },
    ],
    ["country", { country: "de" }, { country: "nl" }, notFound],
    ["currency", { currency: "PLN" }, { currency: "EUR" }, t("payments.code.currency")],
    [
      "minimum order",
      { currency: "EUR", minimumOrderValue: 2000 },
      { currency: "EUR", minimumOrderValue: 1999 },
      t("payments.code.minimum"),
    ],
    [
      "methods",
      { paymentMethods: ["paypal", "visa"] },
      { paymentMethods: ["ideal"] },
      t("payments.code.method"),
    ],
    ["not started", { startsAt: future() }, { startsAt: past() }, notFound],
    ["expired", { expiresAt: past() }, { expiresAt: future() }, notFound],
    ["disabled", { status: "disabled" }, { status: "active" }, notFound],
    // The member ids are set once the members exist (beforeAll): -1 and -2 stand for them.
    ["one member", { userId: -2 }, { userId: -1 }, notFound],
  ];
  const withMembers = (values: CodeValues): CodeValues =>
    values.userId === -1
      ? { ...values, userId: member.user.id }
      : values.userId === -2
        ? { ...values, userId: other.user.id }
        : values;

  it.each(rules)(
    "%s: refused when broken, taken when kept",
    async (_, broken, kept, message, how) => {
      expect(await refusal(await order(member, await makeCode(withMembers(broken)), how))).toBe(
        message,
      );
      const taken = await order(
        member,
        await makeCode({ ...withMembers(kept), valuePercentage: 20 }),
        how,
      );
      expect(taken.status).toBe(201);
      expect(((await taken.json()) as OrderAnswer).order.amount).toBe(1599);
    },
  );

  it("answers GET /api/discountcode.php by the same rules: a code of another site is not found", async () => {
    const code = await makeCode({ siteId: "herzklopfen" });
    const lookUp = (host?: string) =>
      app.request(`/api/discountcode.php?code=${code}`, {
        headers: { cookie: member.cookie, ...(host ? { host } : {}) },
      });
    expect((await lookUp()).status).toBe(404);
    expect((await lookUp(HERZKLOPFEN)).status).toBe(200);
    const later = await makeCode({ startsAt: future() });
    expect(
      (
        await app.request(`/api/discountcode.php?code=${later}`, {
          headers: { cookie: member.cookie },
        })
      ).status,
    ).toBe(404);
  });
});
