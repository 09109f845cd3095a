import { loadRenderers } from "astro:container";
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { beforeAll, describe, expect, it } from "vitest";
import { blockProfile } from "../server/blocks/service";
import type { Database } from "../server/db/client";
import { getTranslate } from "../server/lib/i18n";
import { getUserView } from "../server/members/user-view";
import { createMediaSigner } from "../server/photos/media-url";
import { toViewer } from "../server/profiles/viewer";
import { defaultSite } from "../server/sites/registry";
import { getPublicSettings } from "../server/sites/service";
import { getReadyDb } from "../server/startup";
import type { User } from "../server/users/schema";
import { createTestMember } from "../test/members";
import { testProviders } from "../test/providers";
import { reactRenderer } from "../test/react-renderer";
import HomePage from "./HomePage.astro";

let container: AstroContainer;
let db: Database;

beforeAll(async () => {
  db = await getReadyDb();
  container = await AstroContainer.create({
    renderers: await loadRenderers([reactRenderer()]),
  });
});

/** The home page (/{locale}/) as this member's request renders it. */
async function renderHomeFor({ user, profile }: { user: User; profile: { id: number } }) {
  return container.renderToString(HomePage, {
    locals: {
      db,
      site: defaultSite,
      client: { address: "192.0.2.1", isHttps: false },
      locale: "en",
      t: getTranslate("en"),
      settings: getPublicSettings(defaultSite, { locale: "en", geoipCountry: null }),
      user,
      viewer: toViewer(user, profile.id),
      media: createMediaSigner(defaultSite, user),
      providers: testProviders(),
      member: await getUserView(db, user, defaultSite),
      preferences: null,
      hasTrafficSource: false,
      timeZone: "UTC",
    },
  });
}

describe("the home page's new members (spec §2, §6)", () => {
  it("shows a member no card of whom they blocked or who blocked them, with URLs for them", async () => {
    const blocker = await createTestMember(db, { photoCount: 1 });
    const blocked = await createTestMember(db, { photoCount: 1 });
    const bystander = await createTestMember(db);
    await blockProfile(db, blocker.profile.id, blocked.profile.id);
    const blockerKey = blocker.photos[0]?.storageKey as string;
    const blockedKey = blocked.photos[0]?.storageKey as string;

    const toBlocked = await renderHomeFor(blocked);
    expect(toBlocked).not.toContain(blockerKey);
    const toBlocker = await renderHomeFor(blocker);
    expect(toBlocker).not.toContain(blockedKey);

    // Anyone else sees both, through URLs minted for them.
    const toBystander = await renderHomeFor(bystander);
    expect(toBystander).toContain(`${blockerKey}-thumb.webp?v=${bystander.user.id}&amp;e=`);
    expect(toBystander).toContain(blockedKey);
  });
});
