import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MemberSearchPage } from "../../contract/search";
import { createApp } from "../app";
import { isBlockedBetween } from "../blocks/service";
import { creditLedger } from "../credits/schema";
import { getDb } from "../db/client";
import { hasLiked } from "../likes/service";
import { totpCodeAt, totpStepAt } from "../staff/totp";
import { users } from "../users/schema";
import type { FixtureMember, FixtureRegion, FixtureStaff } from "./validation";

function post(app: ReturnType<typeof createApp>, path: string, body?: unknown) {
  return app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
}

async function logIn(app: ReturnType<typeof createApp>, member: FixtureMember) {
  const login = await post(app, "/api/user.php", {
    email: member.email,
    password: member.password,
  });
  expect(login.status).toBe(200);
  return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

describe("the fixture API when TEST_FIXTURES is off (the default)", () => {
  const app = createApp();

  it("answers /api/test/… with the plain 404 of an unknown address", async () => {
    for (const path of ["/api/test/members.php", "/api/test/regions.php", "/api/test/staff.php"]) {
      const response = await post(app, path, {});
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: "not_found" });
    }
  });

  it("leaves the fixture calls out of the OpenAPI document", async () => {
    const document = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toContain("/search.php");
    expect(Object.keys(document.paths).filter((path) => path.startsWith("/test"))).toEqual([]);
  });
});

describe("the fixture API when TEST_FIXTURES is on", () => {
  const app = createApp({ testFixtures: true });

  async function createMembers(body: Record<string, unknown>): Promise<FixtureMember[]> {
    const response = await post(app, "/api/test/members.php", body);
    expect(response.status).toBe(201);
    return ((await response.json()) as { members: FixtureMember[] }).members;
  }

  it("creates a staff account whose TOTP secret signs it in", async () => {
    const response = await post(app, "/api/test/staff.php", { role: "support", language: "de" });
    expect(response.status).toBe(201);
    const staff = (await response.json()) as FixtureStaff;
    expect(staff).toMatchObject({ role: "support", email: expect.stringMatching(/^staff-/) });
    const login = await post(app, "/api/staff/login", {
      email: staff.email,
      password: staff.password,
      totp: totpCodeAt(staff.totp_secret, totpStepAt(Date.now())),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ staff: { role: "support", language: "de" } });
  });

  it("creates a premium member with photos and credits who can log in", async () => {
    const [member] = await createMembers({ premium: true, credits: 120, photos: 2 });
    if (!member) throw new Error("no member");
    expect(member.email).toMatch(/^member-[0-9a-f-]+@test\.example$/);
    expect(member.photo_ids).toHaveLength(2);
    const cookie = await logIn(app, member);
    const { user } = (await (
      await app.request("/api/user.php", { headers: { cookie } })
    ).json()) as {
      user: {
        status: string;
        credits: number;
        paid_user: boolean;
        profile: { main_image: { id: number } };
      };
    };
    expect(user).toMatchObject({ status: "confirmed", credits: 120, paid_user: true });
    expect(user.profile.main_image.id).toBe(member.photo_ids[0]);
    // The photos are real files, served through the signed URLs their owner was given.
    const { photos } = (await (
      await app.request(`/api/profile.php?id=${member.profile_id}`, { headers: { cookie } })
    ).json()) as { photos: { large: string }[] };
    expect(photos).toHaveLength(2);
    const url = new URL(photos[0]?.large ?? "", "http://localhost");
    const file = await app.request(`${url.pathname}${url.search}`, { headers: { cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
  });

  it("opens every member's starting credits with a ledger row, so the balance is its ledger's sum", async () => {
    const members = await createMembers({ count: 2, credits: 75 });
    const [none] = await createMembers({});
    const db = await getDb();
    for (const member of [...members, none]) {
      if (!member) throw new Error("no member");
      const [user] = await db
        .select({ credits: users.credits })
        .from(users)
        .where(eq(users.id, member.id));
      const [ledger] = await db
        .select({
          sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int`,
          rows: sql<number>`count(*)::int`,
        })
        .from(creditLedger)
        .where(eq(creditLedger.userId, member.id));
      expect(ledger?.sum).toBe(user?.credits);
      expect(ledger?.rows).toBe(member === none ? 0 : 1);
    }
  });

  it("gives every member of a batch their own address and numbered name", async () => {
    const members = await createMembers({ count: 3, name: "Kim", label: "batch" });
    expect(members.map((member) => member.name)).toEqual(["Kim 1", "Kim 2", "Kim 3"]);
    expect(new Set(members.map((member) => member.email)).size).toBe(3);
  });

  it("creates an unconfirmed member whose profile others cannot open, as after signup", async () => {
    const [member] = await createMembers({ confirmed: false, profile_complete: false });
    if (!member) throw new Error("no member");
    const cookie = await logIn(app, member);
    const { user } = (await (
      await app.request("/api/user.php", { headers: { cookie } })
    ).json()) as {
      user: { status: string; profile: { wizard_step: number } };
    };
    expect(user).toMatchObject({ status: "not_confirmed", profile: { wizard_step: 0 } });
    const response = await app.request(`/api/profile.php?id=${member.profile_id}`);
    expect(response.status).toBe(404);
  });

  it("records the likes and blocks the new member gives", async () => {
    const [liked] = await createMembers({});
    const [blocked] = await createMembers({});
    if (!liked || !blocked) throw new Error("no members");
    const [member] = await createMembers({
      likes: [liked.profile_id],
      blocks: [blocked.profile_id],
    });
    if (!member) throw new Error("no member");
    const db = await getDb();
    expect(await hasLiked(db, member.profile_id, liked.profile_id)).toBe(true);
    expect(await isBlockedBetween(db, member.profile_id, blocked.profile_id)).toBe(true);
    expect(await isBlockedBetween(db, member.profile_id, liked.profile_id)).toBe(false);
  });

  it("reserves a different empty region for each test, and search finds only its members", async () => {
    const reserve = async () => {
      const response = await post(app, "/api/test/regions.php");
      expect(response.status).toBe(201);
      return (await response.json()) as FixtureRegion;
    };
    const first = await reserve();
    const second = await reserve();
    expect(second.region).not.toBe(first.region);
    expect(first.region.startsWith(`${first.country.toUpperCase()}-`)).toBe(true);

    const members = await createMembers({ count: 2, country: first.country, region: first.region });
    const page = (await (
      await app.request(`/api/search.php?country=${first.country}&countryregion=${first.region}`)
    ).json()) as MemberSearchPage;
    expect(page.profiles.map((card) => card.id).sort()).toEqual(
      members.map((member) => member.profile_id).sort(),
    );
    expect(page.profiles[0]?.region_name).toBe(first.region_name);
  });

  it("refuses a region of another country, and unknown fields, with 422", async () => {
    const wrongRegion = await post(app, "/api/test/members.php", {
      country: "de",
      region: "FR-75C",
    });
    expect(wrongRegion.status).toBe(422);
    expect(await wrongRegion.json()).toMatchObject({
      error: "validation",
      fields: { region: expect.any(String) },
    });
    const unknownField = await post(app, "/api/test/members.php", { admin: true });
    expect(unknownField.status).toBe(422);
  });
});
