import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Gender } from "../../contract/profile-options";
import type { Locale } from "../../i18n/locales";
import { hashPassword } from "../auth/password";
import { blockProfile } from "../blocks/service";
import { changeCredits } from "../credits/service";
import type { Database } from "../db/client";
import { renderPortrait } from "../db/portrait";
import { loadRegionCatalogue } from "../geo/regions";
import { ApiError, ValidationError } from "../lib/errors";
import type { Storage } from "../lib/storage";
import { likeProfile } from "../likes/service";
import { photos } from "../photos/schema";
import { storeRenditions } from "../photos/service";
import { latestBirthdateForAge } from "../profiles/age";
import { profiles } from "../profiles/schema";
import { WIZARD_COMPLETE } from "../profiles/validation";
import { defaultSite } from "../sites/registry";
import { addStaff } from "../staff/accounts";
import { findStaffByEmail } from "../staff/login";
import { users } from "../users/schema";
import type { FixtureMember, FixtureMembersBody, FixtureRegion, FixtureStaff } from "./validation";

/**
 * Where members live unless a test asks otherwise. Never handed out by reserveEmptyRegion, so a
 * test's own region holds only the members it put there.
 */
export const FIXTURE_HOME = { country: "nl", region: "NL-UT" } as const;

/** How many different portraits a member's photos cycle through. */
const PORTRAITS_PER_GENDER = 6;

// Rendering a portrait takes a few hundred milliseconds; each is rendered once per process and
// then stored under fresh keys for every photo, so no two photos share a file (design §8: a
// photo's URL opens only what its own owner's rules allow).
const portraits = new Map<string, ReturnType<typeof renderPortrait>>();

function getPortrait(gender: Gender, index: number) {
  const key = `${gender}:${index % PORTRAITS_PER_GENDER}`;
  let portrait = portraits.get(key);
  if (!portrait) {
    portrait = renderPortrait({ gender, seed: 9000 + (index % PORTRAITS_PER_GENDER) });
    portraits.set(key, portrait);
  }
  return portrait;
}

/** A birthdate half a year past a birthday, so the age holds for the whole test run. */
function birthdateForAge(age: number, today = new Date()): string {
  const date = new Date(`${latestBirthdateForAge(age, today)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 182);
  return date.toISOString().slice(0, 10);
}

/**
 * Creates the members a browser test asked for, straight in the database as the demo seed does,
 * with generated portraits, and the likes and blocks they give through the owning services.
 */
export async function createFixtureMembers(
  db: Database,
  storage: Storage,
  body: FixtureMembersBody,
): Promise<FixtureMember[]> {
  const country = body.country ?? FIXTURE_HOME.country;
  const region = body.region ?? (body.country ? null : FIXTURE_HOME.region);
  if (region && !(await loadRegionCatalogue()).isRegionOf(country, region)) {
    throw new ValidationError({ region: { key: "validation.invalid" } });
  }
  // One hash for the whole batch: argon2id costs tens of milliseconds each.
  const passwordHash = await hashPassword(body.password);
  const birthdate = birthdateForAge(body.age);
  const complete = body.profile_complete;
  const created: FixtureMember[] = [];
  for (let n = 1; n <= body.count; n++) {
    const name = body.count > 1 ? `${body.name} ${n}` : body.name;
    const email = `${body.label}-${randomUUID()}@test.example`;
    const renditions = await Promise.all(
      Array.from({ length: body.photos }, async (_, position) =>
        storeRenditions(storage, await getPortrait(body.gender, position)),
      ),
    );
    const member = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          siteId: body.site ?? defaultSite.id,
          email,
          passwordHash,
          status: body.confirmed ? "confirmed" : "not_confirmed",
          paidUser: body.premium,
          language: body.language,
        })
        .returning({ id: users.id });
      if (!user) throw new Error("fixture user not created");
      // design §9: a balance is the sum of its ledger rows, fixtures' too (as the demo seed's).
      if (body.credits > 0) {
        await changeCredits(tx, user.id, body.credits, "correction", "fixture balance");
      }
      const [profile] = await tx
        .insert(profiles)
        .values({
          userId: user.id,
          name,
          birthdate,
          country,
          status: body.confirmed ? "active" : "disabled",
          invisible: body.invisible,
          fictional: body.fictional,
          ...(complete
            ? {
                gender: body.gender,
                seeking: body.seeking ?? (body.gender === "female" ? "male" : "female"),
                region,
                about: "Here for a browser test, and for good coffee.",
                interests: body.interests ?? ["travel", "music"],
                wizardStep: WIZARD_COMPLETE,
              }
            : {}),
        })
        .returning({ id: profiles.id });
      if (!profile) throw new Error("fixture profile not created");
      const photoIds: number[] = [];
      for (const [position, keys] of renditions.entries()) {
        const [photo] = await tx
          .insert(photos)
          .values({ profileId: profile.id, ...keys, width: 720, height: 900, position })
          .returning({ id: photos.id });
        if (photo) photoIds.push(photo.id);
      }
      if (photoIds[0]) {
        await tx
          .update(profiles)
          .set({ mainPhotoId: photoIds[0] })
          .where(eq(profiles.id, profile.id));
      }
      return { id: user.id, profile_id: profile.id, photo_ids: photoIds };
    });
    for (const liked of body.likes) await likeProfile(db, member.profile_id, liked);
    for (const blocked of body.blocks) await blockProfile(db, member.profile_id, blocked);
    created.push({ ...member, email, password: body.password, name });
  }
  return created;
}

// Regions handed out by this process. The browser tests run against one server process.
const reservedRegions = new Set<string>([FIXTURE_HOME.region]);

/**
 * A region of the default site's countries where no member lives and that no test got before:
 * a test that searches by it finds exactly the members it put there. Countries with the most
 * regions come first, so the few regions journeys pick by hand in the UI are never reached.
 */
export async function reserveEmptyRegion(db: Database, locale: Locale): Promise<FixtureRegion> {
  const catalogue = await loadRegionCatalogue();
  const inhabited = await db.selectDistinct({ region: profiles.region }).from(profiles);
  const taken = new Set(inhabited.map((row) => row.region));
  const countries = [...defaultSite.countries].sort(
    (a, b) => catalogue.regionsOf(b, locale).length - catalogue.regionsOf(a, locale).length,
  );
  for (const country of countries) {
    for (const region of catalogue.regionsOf(country, locale)) {
      if (taken.has(region.code) || reservedRegions.has(region.code)) continue;
      reservedRegions.add(region.code);
      return { country, region: region.code, region_name: region.name };
    }
  }
  throw new ApiError(409, "no_free_region", "error.generic");
}

/**
 * A staff account for a browser test (tests/e2e/fixtures.ts), made as the command line makes
 * one (one audit row), with a random address and password; the TOTP secret is answered so the
 * test computes its own codes.
 */
export async function createFixtureStaff(
  db: Database,
  body: { role: FixtureStaff["role"]; language?: Locale },
): Promise<FixtureStaff> {
  const email = `staff-${body.role}-${randomUUID()}@test.example`;
  const password = `staff ${randomUUID()}`;
  const added = await addStaff(db, { email, role: body.role, password, language: body.language });
  const account = await findStaffByEmail(db, email);
  if (!account) throw new Error("the fixture staff account was not stored");
  return { id: account.id, email, password, role: body.role, totp_secret: added.totp_secret };
}
