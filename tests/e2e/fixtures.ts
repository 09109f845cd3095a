import { type APIRequestContext, test as base, expect } from "@playwright/test";
import type { StaffRole } from "../../src/contract/staff-options";

/**
 * What a test may ask of POST /api/test/members.php (src/server/testing/validation.ts); every
 * field has a default: a confirmed free member with a complete profile in the Netherlands.
 */
export type MemberOptions = {
  count?: number;
  label?: string;
  password?: string;
  name?: string;
  site?: "amora" | "herzklopfen";
  confirmed?: boolean;
  premium?: boolean;
  credits?: number;
  photos?: number;
  profile_complete?: boolean;
  gender?: "female" | "male";
  seeking?: "female" | "male" | "both";
  age?: number;
  country?: string;
  region?: string;
  language?: string | null;
  interests?: string[];
  invisible?: boolean;
  fictional?: boolean;
  likes?: number[];
  blocks?: number[];
};

/** A member the test created: its own address, password and profile. */
export type TestMember = {
  id: number;
  profile_id: number;
  email: string;
  password: string;
  name: string;
  photo_ids: number[];
};

/** A region where only the test's own members live (POST /api/test/regions.php). */
export type OwnRegion = { country: string; region: string; region_name: string };

/** The member options that put members in a region. */
export function livingIn(place: OwnRegion): Pick<MemberOptions, "country" | "region"> {
  return { country: place.country, region: place.region };
}

/** A staff account the test created (POST /api/test/staff.php), with its TOTP secret. */
export type TestStaff = {
  id: number;
  email: string;
  password: string;
  role: StaffRole;
  totp_secret: string;
};

type Fixtures = {
  /** Creates a staff account of a role (design §13), as `npm run staff -- add` would. */
  createStaff: (options: { role: TestStaff["role"]; language?: string }) => Promise<TestStaff>;
  /** Creates members alike (`count` of them, named "Name 1", "Name 2", … when more than one). */
  createMembers: (options?: MemberOptions) => Promise<TestMember[]>;
  /** Creates one member. */
  createMember: (options?: MemberOptions) => Promise<TestMember>;
  /** A region no other member lives in, for searches that must find only this test's members. */
  ownRegion: OwnRegion;
  /** A confirmed free member with a complete profile and a photo, like the demo's free member. */
  member: TestMember;
  /** A confirmed premium member with 250 credits and a photo. */
  premiumMember: TestMember;
  /** A confirmed free member with four photos (a free viewer may open two of them). */
  memberWithPhotos: TestMember;
  /** A member who has just confirmed the address: no profile answers yet, no photo. */
  newMember: TestMember;
};

async function postFixture<T>(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(`/api/test/${path}`, { data });
  if (response.status() !== 201) {
    throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/**
 * The browser tests' data: each test creates the members it needs through the fixture API
 * (TEST_FIXTURES, on in playwright.config.ts), with random addresses, so tests run in parallel
 * and never depend on the demo data or on each other.
 */
export const test = base.extend<Fixtures>({
  createStaff: async ({ request }, use) => {
    await use((options) => postFixture<TestStaff>(request, "staff.php", options));
  },
  createMembers: async ({ request }, use) => {
    await use(async (options = {}) => {
      const { members } = await postFixture<{ members: TestMember[] }>(
        request,
        "members.php",
        options,
      );
      return members;
    });
  },
  createMember: async ({ createMembers }, use) => {
    await use(async (options = {}) => {
      const [member] = await createMembers({ ...options, count: 1 });
      if (!member) throw new Error("no member created");
      return member;
    });
  },
  ownRegion: async ({ request }, use) => {
    await use(await postFixture<OwnRegion>(request, "regions.php", {}));
  },
  member: async ({ createMember }, use) => {
    await use(await createMember({ label: "member", photos: 1 }));
  },
  premiumMember: async ({ createMember }, use) => {
    await use(
      await createMember({
        label: "premium",
        name: "Robin",
        premium: true,
        credits: 250,
        photos: 1,
      }),
    );
  },
  memberWithPhotos: async ({ createMember }, use) => {
    await use(await createMember({ label: "photos", name: "Noor", photos: 4 }));
  },
  newMember: async ({ createMember }, use) => {
    await use(await createMember({ label: "new", profile_complete: false }));
  },
});

export { expect };
