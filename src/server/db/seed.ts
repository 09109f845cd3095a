import { count, eq, like, sql } from "drizzle-orm";
import { z } from "zod";
import {
  BODY_TYPES,
  EYE_COLORS,
  type Gender,
  HAIR_COLORS,
  INTERESTS,
  type ProfileKind,
  RELATIONSHIP_STATUSES,
} from "../../contract/profile-options";
import { hashPassword } from "../auth/password";
import { shortLinks } from "../content/schema";
import { changeCredits } from "../credits/service";
import { loadRegionCatalogue } from "../geo/regions";
import { defineJob } from "../jobs/define";
import { enqueueJob } from "../jobs/service";
import { getStorage, type Storage } from "../lib/storage";
import { photos } from "../photos/schema";
import { storeRenditions } from "../photos/service";
import { profiles } from "../profiles/schema";
import { defaultSite, sites } from "../sites/registry";
import { seedDemoStaff } from "../staff/demo";
import { users } from "../users/schema";
import type { Database } from "./client";
import { createRandom, renderPortrait } from "./portrait";
import { type SeedCountry, seedBios, seedCountries } from "./seed-data";

export const DEMO_PASSWORD = "demo-password-1";
export const DEMO_LOGINS = [
  { email: "demo@example.com", password: DEMO_PASSWORD, description: "confirmed, free member" },
  {
    email: "premium@example.com",
    password: DEMO_PASSWORD,
    description: "confirmed, premium member with credits",
  },
] as const;

type SeedOptions = {
  /** How many demo members (besides the two logins). */
  members: number;
  /** Whether to render a portrait per photo (the demo) or reuse a small pool (benchmarks). */
  uniquePhotos: boolean;
  log?: (message: string) => void;
  /** Whether to vacuum and analyze after the load (true when not given). */
  analyze?: boolean;
};

type Random = () => number;
type Log = (message: string) => void;

function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** Ages 18 to 75, most members between 25 and 55 as on real dating sites. */
function pickAge(random: Random): number {
  const r = random();
  if (r < 0.15) return 18 + Math.floor(random() * 7);
  if (r < 0.85) return 25 + Math.floor(random() * 31);
  return 56 + Math.floor(random() * 20);
}

function birthdateForAge(age: number, random: Random): string {
  const now = new Date();
  const date = new Date(
    Date.UTC(now.getUTCFullYear() - age - 1, now.getUTCMonth(), now.getUTCDate()),
  );
  date.setUTCDate(date.getUTCDate() + 1 + Math.floor(random() * 364));
  return date.toISOString().slice(0, 10);
}

function siteForCountry(country: SeedCountry, random: Random): string {
  const german = sites.find((site) => site.id === "herzklopfen");
  if (german?.countries.includes(country.code) && random() < 0.5) return german.id;
  return defaultSite.id;
}

async function storePortrait(gender: Gender, seed: number, storage: Storage) {
  return storeRenditions(storage, await renderPortrait({ gender, seed }));
}

/**
 * Creates demo members with profiles and generated photos, spread over the countries of the 11
 * locales, both genders, ages 18-75, with some fictional profiles and some 'cam' and 'resell'
 * partner cards. Deterministic for a given starting count.
 */
export async function seedMembers(db: Database, storage: Storage, options: SeedOptions) {
  const log = options.log ?? (() => {});
  const [existing] = await db.select({ total: count() }).from(users);
  const offset = existing?.total ?? 0;
  const random = createRandom(20231201 + offset);
  // A shared pool of images for bulk (benchmark) members: rendering 100 000 portraits would
  // take an hour and prove nothing more.
  type StoredKeys = Awaited<ReturnType<typeof storePortrait>>;
  const pool: { keys: StoredKeys; gender: Gender }[] = [];
  if (!options.uniquePhotos) {
    for (let i = 0; i < 24; i++) {
      const gender: Gender = i % 2 ? "male" : "female";
      pool.push({ keys: await storePortrait(gender, 5000 + i, storage), gender });
    }
  }
  const regions = await loadRegionCatalogue();

  const batchSize = options.uniquePhotos ? 20 : 1000;
  for (let start = 0; start < options.members; start += batchSize) {
    const size = Math.min(batchSize, options.members - start);
    const drafts = Array.from({ length: size }, (_, i) => {
      const n = offset + start + i;
      const country = seedCountries[n % seedCountries.length] as SeedCountry;
      const gender: Gender = random() < 0.5 ? "female" : "male";
      const age = pickAge(random);
      const kindRoll = random();
      const kind: ProfileKind = kindRoll < 0.04 ? "cam" : kindRoll < 0.08 ? "resell" : "member";
      return {
        n,
        country,
        gender,
        kind,
        user: {
          siteId: siteForCountry(country, random),
          email: `member${n}@members.demo.invalid`,
          status: "confirmed" as const,
          language: country.locale,
          signupDate: new Date(Date.now() - Math.floor(random() * 400) * 86_400_000),
        },
        profile: {
          name: pick(random, gender === "female" ? country.femaleNames : country.maleNames),
          gender,
          seeking: (random() < 0.9 ? (gender === "female" ? "male" : "female") : "both") as
            | "male"
            | "female"
            | "both",
          birthdate: birthdateForAge(age, random),
          country: country.code,
          region: pick(random, regions.regionsOf(country.code, country.locale)).code,
          about: pick(random, seedBios[country.locale]),
          interests: [...INTERESTS]
            .sort(() => random() - 0.5)
            .slice(0, 3 + Math.floor(random() * 4)),
          kind,
          fictional: kind === "member" && random() < 0.08,
          hairColor: pick(random, HAIR_COLORS),
          eyeColor: pick(random, EYE_COLORS),
          bodyType: pick(random, BODY_TYPES),
          height:
            gender === "female" ? 155 + Math.floor(random() * 26) : 165 + Math.floor(random() * 31),
          relationshipStatus: pick(random, RELATIONSHIP_STATUSES),
          wizardStep: 5,
          status: "active" as const,
          lastActiveAt: new Date(Date.now() - Math.floor(random() * 30 * 86_400_000)),
        },
        photoCount: 1 + Math.floor(random() * 6),
      };
    });

    // Render this batch's portraits one at a time, outside the transaction so it stays short.
    // sharp spreads one image over its own threads, but queues each job on libuv's thread pool
    // (four threads), which also compresses pages and reads files: some seventy jobs queued at
    // once held every member page behind them for seconds while a batch rendered.
    const photoKeys: StoredKeys[][] = [];
    for (const draft of drafts) {
      const keys: StoredKeys[] = [];
      for (let position = 0; position < draft.photoCount; position++) {
        if (!options.uniquePhotos) {
          const candidates = pool.filter((entry) => entry.gender === draft.gender);
          keys.push(
            (candidates[(draft.n + position) % candidates.length] as { keys: StoredKeys }).keys,
          );
        } else {
          keys.push(await storePortrait(draft.gender, draft.n * 17 + position, storage));
        }
      }
      photoKeys.push(keys);
    }

    await db.transaction(async (tx) => {
      const insertedUsers = await tx
        .insert(users)
        .values(drafts.map((draft) => draft.user))
        .returning({ id: users.id });
      const insertedProfiles = await tx
        .insert(profiles)
        .values(
          drafts.map((draft, i) => ({
            ...draft.profile,
            userId: (insertedUsers[i] as { id: number }).id,
          })),
        )
        .returning({ id: profiles.id });

      const photoRows: (typeof photos.$inferInsert)[] = [];
      for (const i of drafts.keys()) {
        const profileId = (insertedProfiles[i] as { id: number }).id;
        for (const [position, keys] of (photoKeys[i] ?? []).entries()) {
          photoRows.push({ profileId, ...keys, width: 720, height: 900, position });
        }
      }
      const insertedPhotos = await tx
        .insert(photos)
        .values(photoRows)
        .returning({ id: photos.id, profileId: photos.profileId, position: photos.position });
      const mains = insertedPhotos.filter((photo) => photo.position === 0);
      if (mains.length) {
        await tx.execute(sql`
          update profiles set main_photo_id = m.photo_id
          from (values ${sql.join(
            mains.map((photo) => sql`(${photo.profileId}::int, ${photo.id}::int)`),
            sql`, `,
          )}) as m(profile_id, photo_id)
          where profiles.id = m.profile_id`);
      }
    });
    log(`  ${Math.min(start + size, options.members)} / ${options.members} members`);
  }
  // After a bulk load: the dead row versions of the main-photo update reclaimed (they doubled
  // what member search reads), the visibility map set, and fresh statistics for the planner.
  if (options.analyze !== false) await db.execute(sql`vacuum analyze`);
}

/** The two demo logins of the README: a free member and a premium member with credits. */
export async function seedDemoLogins(db: Database, storage: Storage): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts = [
    {
      email: "demo@example.com",
      credits: 20,
      paidUser: false,
      profile: { name: "Sam", gender: "male" as const, seeking: "female" as const },
      seed: 11,
    },
    {
      email: "premium@example.com",
      credits: 250,
      paidUser: true,
      profile: { name: "Robin", gender: "female" as const, seeking: "male" as const },
      seed: 23,
    },
  ];
  for (const account of accounts) {
    const [user] = await db
      .insert(users)
      .values({
        siteId: defaultSite.id,
        email: account.email,
        passwordHash,
        status: "confirmed",
        paidUser: account.paidUser,
      })
      .returning({ id: users.id });
    if (!user) continue;
    await changeCredits(db, user.id, account.credits, "correction", "demo balance");
    const [profile] = await db
      .insert(profiles)
      .values({
        userId: user.id,
        ...account.profile,
        birthdate: "1991-04-12",
        country: "gb",
        region: "GB-WSM",
        about: "Here to show what the site can do. Say hello!",
        interests: ["travel", "music", "cooking"],
        wizardStep: 5,
        status: "active",
      })
      .returning({ id: profiles.id });
    if (!profile) continue;
    const keys = await storePortrait(account.profile.gender, account.seed, storage);
    const [photo] = await db
      .insert(photos)
      .values({ profileId: profile.id, ...keys, width: 720, height: 900, position: 0 })
      .returning({ id: photos.id });
    if (photo) {
      await db.update(profiles).set({ mainPhotoId: photo.id }).where(eq(profiles.id, profile.id));
    }
  }
}

/** A tracked short link as an e-mail campaign would use it (spec §2 `{token}`): /DemoLink. */
export const DEMO_SHORT_LINK = {
  token: "DemoLink",
  target: "/landers/tinderswipe?network=newsletter&ref=demo-link",
} as const;

/** Members a run seeds: about ten seconds of portraits, so other jobs of its lane wait little. */
const DEMO_SEED_BATCH = 20;
const DEMO_MEMBER_EMAILS = "%@members.demo.invalid";

/**
 * First start with an empty database (design §11): the demo logins, the demo staff admin
 * (staff/demo.ts) and the short link at once,
 * so the site serves within seconds with its logins working; the demo members, whose portraits
 * take minutes to render, by the job runner behind it (demoSeedJob), which also finishes them
 * after a restart. Returns whether the database was empty.
 */
export async function seedDemoIfEmpty(
  db: Database,
  storage: Storage,
  options: { members: number },
): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(users);
  if ((existing?.total ?? 0) > 0) return false;
  await seedDemoLogins(db, storage);
  await seedDemoStaff(db, DEMO_PASSWORD);
  await db
    .insert(shortLinks)
    .values({ token: DEMO_SHORT_LINK.token, target: DEMO_SHORT_LINK.target })
    .onConflictDoNothing();
  if (options.members > 0) await enqueueDemoBatch(db, options.members, 0);
  return true;
}

/** The job that seeds the demo members behind a first start, a batch a run (seedDemoBatch). */
export const demoSeedJob = defineJob({
  name: "demo.seed-members",
  payload: z.object({ members: z.number().int().min(1) }),
  // A batch renders about 70 portraits: a generous lease, so a slow machine's batch is not
  // taken over while it runs.
  leaseMs: 10 * 60 * 1000,
  run: ({ members }, { db }) => seedDemoBatch(db, getStorage(), members, { log: console.log }),
});

function enqueueDemoBatch(db: Database, members: number, seeded: number) {
  // Keyed by how many are seeded: a batch retried after a crash is not enqueued twice.
  const uniqueKey = `${demoSeedJob.name}:${seeded}`;
  return enqueueJob(db, demoSeedJob, { members }, { uniqueKey });
}

/**
 * One run of demoSeedJob: seeds the next batch of demo members, up to `members` in all, and
 * enqueues the next; after the last, refreshes the planner's statistics. A batch commits in one
 * transaction, so a run cut short is simply run again.
 */
export async function seedDemoBatch(
  db: Database,
  storage: Storage,
  members: number,
  { batch: size = DEMO_SEED_BATCH, log = () => {} }: { batch?: number; log?: Log } = {},
): Promise<void> {
  const [seeded] = await db
    .select({ total: count() })
    .from(users)
    .where(like(users.email, DEMO_MEMBER_EMAILS));
  const done = seeded?.total ?? 0;
  const batch = Math.min(size, members - done);
  if (batch <= 0) return;
  await seedMembers(db, storage, { members: batch, uniquePhotos: true, analyze: false });
  log(`Demo members: ${done + batch} / ${members} seeded.`);
  if (done + batch < members) await enqueueDemoBatch(db, members, done + batch);
  else await db.execute(sql`vacuum analyze`);
}
