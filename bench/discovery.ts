/**
 * Issue 13's budgets, for bench/engine.ts: likes and passes in bulk (a million together on the
 * full run), so the likes lists, the swipe game's next cards, the like pop-up, the match finder
 * and signup matches are measured on a database where members have been through many others.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client";

/**
 * Writes `total` likes and passes between random active profiles, half each, by SQL (pairs that
 * come up twice are written once), then makes the matches of the pairs who liked each other.
 */
export async function seedLikesAndPasses(db: Database, total: number): Promise<void> {
  const half = Math.floor(total / 2);
  await db.execute(sql`
    with ids as (select array_agg(id order by id) as all_ids from profiles where status = 'active'),
    pairs as (
      select all_ids[1 + floor(random() * array_length(all_ids, 1))::int] as a,
             all_ids[1 + floor(random() * array_length(all_ids, 1))::int] as b,
             g
      from ids, generate_series(1, ${total}) g
    )
    insert into likes (liker_profile_id, liked_profile_id, is_new, created_at)
    select a, b, random() < 0.3, now() - (g || ' seconds')::interval
    from pairs where a <> b and g <= ${half}
    on conflict do nothing`);
  await db.execute(sql`
    with ids as (select array_agg(id order by id) as all_ids from profiles where status = 'active'),
    pairs as (
      select all_ids[1 + floor(random() * array_length(all_ids, 1))::int] as a,
             all_ids[1 + floor(random() * array_length(all_ids, 1))::int] as b,
             g
      from ids, generate_series(1, ${total - half}) g
    )
    insert into discovery_seen (viewer_profile_id, profile_id, kind, created_at)
    select a, b, 'pass', now() - (g || ' seconds')::interval
    from pairs where a <> b
    on conflict do nothing`);
  await db.execute(sql`
    insert into matches (profile_low_id, profile_high_id, created_at, low_seen, high_seen)
    select a.liker_profile_id, a.liked_profile_id, greatest(a.created_at, b.created_at), true, true
    from likes a
    join likes b on b.liker_profile_id = a.liked_profile_id and b.liked_profile_id = a.liker_profile_id
    where a.liker_profile_id < a.liked_profile_id
    on conflict do nothing`);
  await db.execute(sql`analyze`);
}
