import { asc, eq, inArray, sql } from "drizzle-orm";
import type { SUPPORT_MATCHES, SupportSearchAnswer } from "../../contract/staff-support";
import type { Database } from "../db/client";
import { MAX_ID } from "../lib/validation";
import { orders } from "../payments/schema";
import { createMediaSigner } from "../photos/media-url";
import { photos } from "../photos/schema";
import { profiles } from "../profiles/schema";
import { getSiteById } from "../sites/registry";
import { recordStaffAction, type StaffActor } from "../staff/audit";
import { authorize } from "../staff/permissions";
import { users } from "../users/schema";

/** The most members one search answers. */
export const SEARCH_LIMIT = 50;

type Match = (typeof SUPPORT_MATCHES)[number];

/** What the query is taken for: an address, a number (member or order id), or a name or order reference. */
export type SearchKind = "email" | "id" | "name";

export function searchKindOf(query: string): SearchKind {
  if (query.includes("@")) return "email";
  return /^[0-9]+$/.test(query) ? "id" : "name";
}

/** `like` pattern of text that starts with `prefix`, its own % and _ taken literally. */
function startsWith(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}

/** The members a query names, in order of relevance, each with how it was found. */
async function findMatches(db: Database, query: string): Promise<[number, Match][]> {
  const kind = searchKindOf(query);
  if (kind === "email") {
    // users_email_key: lower(email), exact.
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, query.toLowerCase()));
    return rows.map(({ id }) => [id, "email"]);
  }
  if (kind === "id") {
    // A number past int4 names no member or order: nothing found, never a database error.
    const id = Number(query);
    if (!Number.isSafeInteger(id) || id > MAX_ID || id < 1) return [];
    const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    const [order] = await db
      .select({ userId: orders.userId })
      .from(orders)
      .where(eq(orders.id, id));
    return [
      ...(member ? [[member.id, "id"] as [number, Match]] : []),
      ...(order ? [[order.userId, "order"] as [number, Match]] : []),
    ];
  }
  // A provider's payment reference (orders_provider_ref_idx), then names by their start
  // (profiles_name_prefix_idx: lower(name) text_pattern_ops).
  const byReference = await db
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.providerRef, query))
    .limit(SEARCH_LIMIT);
  const byName = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(sql`lower(${profiles.name}) like ${startsWith(query)}`)
    .orderBy(sql`lower(${profiles.name})`, asc(profiles.id))
    .limit(SEARCH_LIMIT);
  return [
    ...byReference.map(({ userId }): [number, Match] => [userId, "order"]),
    ...byName.map(({ userId }): [number, Match] => [userId, "name"]),
  ];
}

/**
 * issue 27 item 7: finds members by e-mail address (exact, any case), id, the start of their
 * name (any case), or an order's id or the provider's payment reference; up to 50, each once.
 * For `members.search` only.
 *
 * The search is one audit row (`member.search`): the kind of query, how many were found and
 * their ids, never the query itself. The log is kept for good and cannot be changed, so an
 * address typed into it would outlive the member's erasure; the ids say whom the agent looked
 * up, which is what the log is for.
 */
export async function searchMembers(
  db: Database,
  actor: StaffActor,
  query: string,
): Promise<SupportSearchAnswer> {
  authorize(actor, "members.search");
  const matches = await findMatches(db, query);
  const found = new Map<number, Match>();
  for (const [id, match] of matches) if (!found.has(id)) found.set(id, match);
  const ids = [...found.keys()].slice(0, SEARCH_LIMIT);
  const rows = ids.length
    ? await db
        .select({ user: users, profile: profiles, photo: photos })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(rows.map((row) => [row.user.id, row]));
  const members = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { user, profile, photo } = row;
    const media = createMediaSigner(getSiteById(user.siteId), user);
    return [
      {
        id: user.id,
        profile_id: profile?.id ?? null,
        name: profile?.name ?? null,
        site: user.siteId,
        status: user.status,
        profile_status: profile?.status ?? null,
        deletion_requested: user.deletionRequestedAt !== null,
        erased: user.erasedAt !== null,
        created_at: user.signupDate.toISOString(),
        thumb: photo ? media.url(`${photo.storageKey}-thumb.webp`) : null,
        matched_by: found.get(id) ?? "id",
      },
    ];
  });
  await recordStaffAction(db, actor, {
    action: "member.search",
    after: {
      kind: searchKindOf(query),
      results: members.length,
      members: members.map((member) => member.id).join(","),
    },
  });
  return { members };
}
