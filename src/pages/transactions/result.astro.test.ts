import { loadRenderers } from "astro:container";
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../i18n/money";
import { getDb } from "../../server/db/client";
import { getTranslate } from "../../server/lib/i18n";
import { syncOrder } from "../../server/payments/crediting";
import { createOrder } from "../../server/payments/orders";
import { createSandboxProvider, setSandboxOutcome } from "../../server/payments/sandbox";
import { orders } from "../../server/payments/schema";
import { createMediaSigner } from "../../server/photos/media-url";
import { defaultSite } from "../../server/sites/registry";
import { getPublicSettings } from "../../server/sites/service";
import type { User } from "../../server/users/schema";
import { createTestMember } from "../../test/members";
import { testProviders } from "../../test/providers";
import { reactRenderer } from "../../test/react-renderer";
import Result from "./[id].astro";

async function renderResult(user: User, orderId: number) {
  const container = await AstroContainer.create({
    renderers: await loadRenderers([reactRenderer()]),
  });
  const response = await container.renderToResponse(Result, {
    request: new Request(`http://localhost:4321/transactions/${orderId}`),
    params: { id: String(orderId) },
    locals: {
      db: await getDb(),
      site: defaultSite,
      client: { address: "192.0.2.1", isHttps: false },
      locale: "en",
      t: getTranslate("en"),
      settings: getPublicSettings(defaultSite, { locale: "en", geoipCountry: null }),
      user,
      viewer: null,
      media: createMediaSigner(defaultSite, null),
      providers: testProviders(),
      member: null,
      preferences: null,
      hasTrafficSource: false,
      timeZone: "UTC",
    },
  });
  expect(response.status).toBe(200);
  return response.text();
}

describe("the result page of an order whose time bonus ran out (issue 25)", () => {
  it("offers no payment once the code ended, and says why a late payment was refunded", async () => {
    const db = await getDb();
    const t = getTranslate("en");
    const { user } = await createTestMember(db, { profile: { country: "nl" } });
    const order = await createOrder(
      db,
      createSandboxProvider(db),
      defaultSite,
      {
        userId: user.id,
        siteId: defaultSite.id,
        paidUser: false,
        signupDate: user.signupDate,
        country: "nl",
        email: user.email,
        locale: "en",
      },
      { packageId: 1, method: "ideal", code: "TIMEBONUS25", consentedAt: new Date() },
    );
    // The 4 hours pass while the checkout is open.
    await db
      .update(orders)
      .set({ codeHeldUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    const open = await renderResult(user, order.id);
    expect(open).toContain(t("payments.result.open.codeEnded", { code: "TIMEBONUS25" }));
    expect(open).not.toContain(t("payments.result.open.continue"));
    expect(open).toContain(t("payments.result.tryAgain"));

    // The member paid in a tab left open all the same: refunded, and told so.
    await setSandboxOutcome(db, order.providerRef ?? "", "paid");
    expect((await syncOrder(db, createSandboxProvider(db), order)).state).toBe("refunded");
    const refunded = await renderResult(user, order.id);
    expect(refunded).toContain(t("payments.result.codeLapsed.title"));
    expect(refunded).toContain(
      t("payments.result.codeLapsed.text", {
        code: "TIMEBONUS25",
        amount: formatMoney("en", 749, "EUR"),
      }),
    );
    expect(refunded).not.toContain(t("payments.result.refunded.title"));
  }, 120_000);
});
