import { loadRenderers } from "astro:container";
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { describe, expect, it } from "vitest";
import { getDb } from "../../server/db/client";
import { getTranslate } from "../../server/lib/i18n";
import { sendSms } from "../../server/lib/sms";
import { createMediaSigner } from "../../server/photos/media-url";
import { defaultSite } from "../../server/sites/registry";
import { getPublicSettings } from "../../server/sites/service";
import { testProviders } from "../../test/providers";
import { reactRenderer } from "../../test/react-renderer";
import Sms from "./sms.astro";

describe("/dev/sms without DEV_OUTBOX (design §10: fail closed)", () => {
  it("is the 404 page and shows no text, even one with a live code", async () => {
    const db = await getDb();
    const to = `+3162${String(Date.now()).slice(-7)}`;
    await sendSms(db, null, defaultSite, {
      kind: "direct_debit_code",
      to,
      text: "493817 is your Amora code to confirm the direct debit",
    });
    const container = await AstroContainer.create({
      renderers: await loadRenderers([reactRenderer()]),
    });
    const response = await container.renderToResponse(Sms, {
      request: new Request(`http://localhost:4321/dev/sms?to=${encodeURIComponent(to)}`),
      locals: {
        db,
        site: defaultSite,
        client: { address: "192.0.2.1", isHttps: false },
        locale: "en",
        t: getTranslate("en"),
        settings: getPublicSettings(defaultSite, { locale: "en", geoipCountry: null }),
        user: null,
        viewer: null,
        media: createMediaSigner(defaultSite, null),
        providers: testProviders(),
        member: null,
        preferences: null,
        hasTrafficSource: false,
        timeZone: "UTC",
      },
    });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("This page could not be found");
    expect(html).not.toContain("493817");
  }, 120_000);
});
