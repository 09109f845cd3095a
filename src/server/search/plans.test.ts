import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestMember } from "../../test/members";
import { executeRows } from "../db/client";
import { createMediaSigner } from "../photos/media-url";
import { getSiteById } from "../sites/registry";
import { getReadyDb } from "../startup";
import { findMembers } from "./service";
import { memberSearchQuery } from "./validation";

/**
 * Which searches PostgreSQL plans once for any values, and which for each call's own (issue 30
 * item 1, searchStatement in ./service.ts): on a table large enough for the plans to differ,
 * with a country most members live in and one that hardly anyone does. PostgreSQL took a plan
 * for any values for an age range at 6 000 members, where reading them all costs little, and
 * never from 10 000; 20 000 leave room.
 */
const MEMBERS = 20000;

beforeAll(async () => {
  const db = await getReadyDb();
  await db.execute(sql`
    insert into users (site_id, email)
    select 'amora', 'plan-' || n || '@example.com' from generate_series(1, ${MEMBERS}) n`);
  await db.execute(sql`
    insert into profiles (user_id, name, gender, birthdate, country, status, last_active_at)
    select u.id, 'Plan ' || u.id,
      case when u.id % 2 = 0 then 'female' else 'male' end,
      date '1950-01-01' + (u.id * 7 % 20000),
      case when u.id % 100 < 85 then 'de' when u.id % 100 = 85 then 'lu' else 'fr' end,
      'active', now() - u.id * interval '1 minute'
    from users u where u.email like 'plan-%@example.com'`);
  await db.execute(sql`analyze profiles`);
}, 120_000);

describe("the member search's plans (searchStatement)", () => {
  it("plans the open listing once, and each filtered search and next page for its values", async () => {
    const db = await getReadyDb();
    const viewer = await createTestMember(db, { profile: { gender: "male", seeking: "female" } });
    const media = createMediaSigner(getSiteById("amora"), viewer.user);
    const options = { media, viewerProfileId: viewer.profile.id };
    const search = (query: Record<string, unknown>) => memberSearchQuery.parse(query);
    // A transaction holds one connection: PostgreSQL keeps prepared statements per connection.
    const plans = await db.transaction(async (tx) => {
      const second = (await findMembers(tx, search({ gender: "female" }), options)).next_cursor;
      expect(second).not.toBeNull();
      for (let call = 0; call < 8; call++) {
        const gender = call % 2 ? "female" : "male";
        await findMembers(tx, search({ gender }), options);
        await findMembers(tx, search({ gender, cursor: second }), options);
        await findMembers(tx, search({ gender, country: call % 2 ? "de" : "lu" }), options);
        await findMembers(
          tx,
          search({ gender, min_age: call % 2 ? 18 : 60, max_age: call % 2 ? 99 : 61 }),
          options,
        );
      }
      return executeRows<{ name: string; generic_plans: string; custom_plans: string }>(
        tx,
        sql`select name, generic_plans, custom_plans from pg_prepared_statements
          where name like 'member_search_%' order by name`,
      );
    });
    const byShape = Object.fromEntries(
      plans.map((row) => [
        row.name.split("_")[2],
        { generic: Number(row.generic_plans), custom: Number(row.custom_plans) },
      ]),
    );
    // The shape's bits: gender, country, region, min age, max age, viewer, cursor.
    expect(Object.keys(byShape).sort()).toEqual(["1000010", "1000011", "1001110", "1100010"]);
    // The listing: planned for values five times, then once for all.
    expect(byShape["1000010"]?.generic).toBeGreaterThan(0);
    // A country, an age range, a next page: never one plan for all of them.
    for (const shape of ["1000011", "1100010", "1001110"]) {
      expect(byShape[shape]?.generic, shape).toBe(0);
      expect(byShape[shape]?.custom, shape).toBeGreaterThanOrEqual(8);
    }
  });
});
