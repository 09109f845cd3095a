import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DiscountCodeView, OrderAnswer } from "../../contract/payments";
import { memberCall } from "../../test/api";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { syncOrder } from "../payments/crediting";
import { holderOf, runningOffer } from "../payments/discounts";
import { createSandboxProvider, setSandboxOutcome } from "../payments/sandbox";
import { discountCodes, orders } from "../payments/schema";
import { defaultSite } from "../sites/registry";
import { getReadyDb } from "../startup";
import { RETENTION_DAYS, retentionOfferFor } from "./retention-offer";

const app = createApp();
type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

/** A member long past their welcome offers, paying in euros (the Netherlands). */
function member(options: Parameters<typeof createLoggedInMember>[1] = {}) {
  return createLoggedInMember(app, { ...options, profile: { country: "nl" } });
}

const take = (someone: Member) =>
  memberCall(app, "POST", "/api/retention-offer.php", someone.cookie);

async function codesOf(someone: Member) {
  const db = await getReadyDb();
  return db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.userId, someone.user.id), like(discountCodes.code, "STAY%")));
}

describe("the retention offer of account deletion (issue 29 item 6)", () => {
  it("makes the member's own code once, whoever asks how often, and the checkout takes it", async () => {
    const me = await member({ paidUser: true });
    const answers = await Promise.all(Array.from({ length: 6 }, () => take(me)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const views = (await Promise.all(answers.map((answer) => answer.json()))) as DiscountCodeView[];
    const [first] = views;
    expect(first).toMatchObject({
      code: expect.stringMatching(/^STAY[A-HJ-NP-Z2-9]{8}$/),
      user_id: me.user.id,
      value_percentage: 50,
      expired: false,
    });
    expect(first?.validity).toBeGreaterThan(RETENTION_DAYS * 86_400 - 60);
    expect(new Set(views.map((view) => view.code)).size).toBe(1);
    expect(await codesOf(me)).toHaveLength(1);

    // Nobody else can use it: to another member it does not exist.
    const other = await member();
    const lookUp = await memberCall(
      app,
      "GET",
      `/api/discountcode.php?code=${first?.code}`,
      other.cookie,
    );
    expect(lookUp.status).toBe(404);

    // The checkout and the package cards price with it, before anything is typed.
    const db = await getReadyDb();
    expect(await runningOffer(db, holderOf(me.user, defaultSite.id, "nl"))).toEqual({
      code: first?.code,
      percent: 50,
    });

    // The member's order with it costs half: €19.99 → €10.00.
    const ordered = await memberCall(app, "POST", "/api/order.php", me.cookie, {
      package_id: 2,
      method: "ideal",
      code: first?.code,
      immediate_performance: true,
    });
    expect(ordered.status).toBe(201);
    const { order } = (await ordered.json()) as OrderAnswer;
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ amount: 1000, discountCode: first?.code, discountPercent: 50 });
    if (!row?.providerRef) throw new Error("no payment");
    await setSandboxOutcome(db, row.providerRef, "paid");
    await syncOrder(db, createSandboxProvider(db), row);

    // Used: the offer is not made again, and the deletion section no longer shows it.
    const again = await take(me);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("retention_offer_taken");
    expect(await codesOf(me)).toHaveLength(1);
    expect(await retentionOfferFor(db, defaultSite, me.user, "nl")).toBe(0);
    expect(await retentionOfferFor(db, defaultSite, other.user, "nl")).toBe(50);
    expect(await runningOffer(db, holderOf(me.user, defaultSite.id, "nl"))).toBeNull();
  });

  it("needs a login", async () => {
    const answer = await app.request("/api/retention-offer.php", { method: "POST" });
    expect(answer.status).toBe(403);
  });
});
