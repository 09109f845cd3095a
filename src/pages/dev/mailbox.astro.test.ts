import { loadRenderers } from "astro:container";
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { describe, expect, it } from "vitest";
import { getDb } from "../../server/db/client";
import { getTranslate } from "../../server/lib/i18n";
import { sendMail } from "../../server/lib/mail";
import { createMediaSigner } from "../../server/photos/media-url";
import { defaultSite } from "../../server/sites/registry";
import { getPublicSettings } from "../../server/sites/service";
import { createTestMember, uniqueEmail } from "../../test/members";
import { testProviders } from "../../test/providers";
import { reactRenderer } from "../../test/react-renderer";
import Mailbox from "./mailbox.astro";

describe("/dev/mailbox without DEV_OUTBOX (design §10: fail closed)", () => {
  it("is the 404 page and shows no e-mail, even one with a live link", async () => {
    const db = await getDb();
    const { user } = await createTestMember(db, { email: uniqueEmail("outbox") });
    await sendMail(db, defaultSite, {
      kind: "password_reset",
      to: user.email,
      subject: "Set a new password",
      text: "http://localhost:4321/reset-password/do?token=secret-token-value",
      html: "",
    });
    const container = await AstroContainer.create({
      renderers: await loadRenderers([reactRenderer()]),
    });
    const response = await container.renderToResponse(Mailbox, {
      request: new Request(`http://localhost:4321/dev/mailbox?to=${user.email}`),
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
    expect(html).not.toContain("secret-token-value");
  }, 120_000);
});
