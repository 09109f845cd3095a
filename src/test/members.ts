import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { App } from "../server/app";
import { type HashCost, hashPassword } from "../server/auth/password";
import { changeCredits } from "../server/credits/service";
import type { Database } from "../server/db/client";
import { getStorage } from "../server/lib/storage";
import { photos } from "../server/photos/schema";
import { newStorageKey } from "../server/photos/service";
import { type Profile, profiles } from "../server/profiles/schema";
import { getReadyDb } from "../server/startup";
import { type User, users } from "../server/users/schema";

/** The bytes of the stand-in photo files: a WebP file's magic, enough for /media tests. */
export const PLACEHOLDER_WEBP = new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 69, 66, 80]);

export type TestMemberOptions = {
  email?: string;
  password?: string;
  siteId?: string;
  credits?: number;
  paidUser?: boolean;
  language?: string | null;
  status?: User["status"];
  profile?: Partial<Omit<Profile, "id" | "userId">>;
  photoCount?: number;
};

/**
 * The password of a member made here is hashed at argon2id's least cost: logging in reads the
 * cost from the stored hash, so the login path is the one production runs, and the hundreds
 * of members a run logs in do not spend a minute of CPU on hashing. Signing up through the
 * API hashes at the real cost (auth/password.ts).
 */
const TEST_COST: HashCost = { memory: 64, passes: 1, parallelism: 1 };

/** A unique address, so tests never collide, also on a shared PostgreSQL server. */
export function uniqueEmail(label = "member"): string {
  return `${label}-${randomUUID()}@test.example`;
}

/**
 * Creates a member with a profile (and optionally photo rows) straight in the database, for
 * tests that need someone to exist. Returns the user and profile rows.
 */
export async function createTestMember(db: Database, options: TestMemberOptions = {}) {
  const [user] = await db
    .insert(users)
    .values({
      siteId: options.siteId ?? "amora",
      email: options.email ?? uniqueEmail(),
      passwordHash: options.password ? await hashPassword(options.password, TEST_COST) : null,
      status: options.status ?? "confirmed",
      paidUser: options.paidUser ?? false,
      language: options.language ?? null,
    })
    .returning();
  if (!user) throw new Error("user not created");
  // design §9: a balance is the sum of its ledger rows, in tests too.
  if (options.credits) {
    user.credits = (await changeCredits(db, user.id, options.credits, "correction")) ?? 0;
  }
  const [profile] = await db
    .insert(profiles)
    .values({
      userId: user.id,
      name: "Alex",
      gender: "female",
      seeking: "male",
      birthdate: "1990-05-17",
      country: "nl",
      region: "NL-UT",
      status: "active",
      ...options.profile,
    })
    .returning();
  if (!profile) throw new Error("profile not created");
  const photoRows = [];
  for (let position = 0; position < (options.photoCount ?? 0); position++) {
    // Small stand-in files under real keys, so /media can serve what the rules allow.
    const keys = { storageKey: newStorageKey("p"), blurKey: newStorageKey("b") };
    const storage = getStorage();
    for (const name of ["thumb", "main", "large"]) {
      await storage.put(`${keys.storageKey}-${name}.webp`, PLACEHOLDER_WEBP);
    }
    await storage.put(`${keys.blurKey}.webp`, PLACEHOLDER_WEBP);
    const [photo] = await db
      .insert(photos)
      .values({ profileId: profile.id, ...keys, width: 720, height: 900, position })
      .returning();
    if (photo) photoRows.push(photo);
  }
  const [main] = photoRows;
  if (main) {
    await db.update(profiles).set({ mainPhotoId: main.id }).where(eq(profiles.id, profile.id));
  }
  return { user, profile: { ...profile, mainPhotoId: main?.id ?? null }, photos: photoRows };
}

let testAddresses = 0;
// Test files share one PostgreSQL database in CI (and its rate-limit counters): each file's
// addresses get a random network of their own.
const testNetwork = randomBytes(4)
  .toString("hex")
  .replace(/(.{4})(.{4})/, "$1:$2");

/** A distinct client address per call, from the IPv6 documentation range (RFC 3849). */
export function nextTestAddress(): string {
  testAddresses++;
  return `2001:db8:${testNetwork}::${testAddresses.toString(16)}`;
}

/**
 * Creates a member who can log in, logs them in through the API and returns the rows with the
 * `Cookie` header value of their session.
 */
export async function createLoggedInMember(
  app: App,
  options: TestMemberOptions & { host?: string } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? "test member password";
  const member = await createTestMember(await getReadyDb(), { ...options, email, password });
  const login = await app.request(
    "/api/user.php",
    {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(options.host ? { host: options.host } : {}),
      },
      body: JSON.stringify({ email, password }),
    },
    // Each member logs in from an address of its own, as people do: a file that creates many
    // members stays under the per-address login limit meant for one client.
    { clientAddress: nextTestAddress() },
  );
  if (login.status !== 200) throw new Error(`test login failed with ${login.status}`);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { ...member, email, cookie };
}

/** A member's balance and premium flag, as the database has them now. */
export async function memberBalance(userId: number) {
  const db = await getReadyDb();
  const [row] = await db
    .select({ credits: users.credits, paid: users.paidUser })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A member createLoggedInMember made: their rows, address and session cookie. */
export type TestMember = Awaited<ReturnType<typeof createLoggedInMember>>;
