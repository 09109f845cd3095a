import { type SQL, sql } from "drizzle-orm";
import type { OperatedConversation } from "../chat/operated";
import { conversationMembers, messages } from "../chat/schema";
import { type Database, executeRows } from "../db/client";
import { profiles } from "../profiles/schema";
import { users } from "../users/schema";
import { inboxClaims } from "./inbox-schema";
import { memberLanguageSql } from "./inbox-scope";

/*
 * issue 28: the queue's reads. A conversation waits when the operated profile's side names, as
 * its last message, one the member sent; it waits since the member's oldest message after the
 * profile's last one. Reads join chat's, profiles' and users' exported tables (ARCHITECTURE.md).
 */

/**
 * When the member began to wait: their oldest message after the operated profile's last one.
 * Every message after the profile's last is the member's (a conversation has two sides), so
 * it is the first message after it, one step of the conversation's (id) index, never a walk
 * through all the member's messages.
 */
const waitingSinceSql = (conversation: SQL, operated: SQL) => sql`
  (select x.created_at from ${messages} x
    where x.conversation_id = ${conversation}
      and x.id > coalesce((select max(y.id) from ${messages} y
        where y.conversation_id = ${conversation} and y.sender_user_id = ${operated}), 0)
    order by x.id limit 1)`;

/**
 * The waiting conversations of some sites: `cm` the operated profile's side (its profile `op`),
 * `m` the member, who wrote last and may still be answered (not erased, leaving or sanctioned);
 * `joins` adds tables to read more of them, `only` one conversation.
 */
const waitingFrom = (siteIds: string[], joins: SQL = sql``, only?: number) => sql`
  from ${conversationMembers} cm
  join ${profiles} op on op.user_id = cm.user_id and op.fictional
  join ${messages} last on last.id = cm.last_message_id and last.sender_user_id = cm.other_user_id
  join ${users} m on m.id = cm.other_user_id
  ${joins}
  where m.site_id in ${siteIds}
    and m.erased_at is null and m.deletion_requested_at is null and m.sanction is null
    ${only === undefined ? sql`` : sql`and cm.conversation_id = ${only}`}`;

export type QueueRow = {
  conversation: number;
  site: string;
  language: string;
  member_user_id: number;
  member_profile_id: number | null;
  member_name: string | null;
  operated_user_id: number;
  operated_profile_id: number;
  operated_name: string | null;
  waiting_since: string;
  waiting_since_text: string;
  last_text: string | null;
  claim_staff_id: number | null;
  claim_expires_at: string | null;
};

/**
 * The waiting conversations of some sites and languages, oldest first, after a keyset; or the
 * one `conversation` when it waits (the open inboxes' event, inbox-stream.ts).
 */
export async function waitingQueue(
  db: Database,
  options: {
    sites: string[];
    languages: string[];
    after: { at: string; id: number } | null;
    limit: number;
    conversation?: number;
  },
): Promise<QueueRow[]> {
  if (options.sites.length === 0 || options.languages.length === 0) return [];
  const after = options.after
    ? sql`and (waiting_since, conversation) > (${options.after.at}::timestamptz, ${options.after.id})`
    : sql``;
  return executeRows<QueueRow>(
    db,
    sql`
    with waiting as materialized (
      select cm.conversation_id as conversation, m.site_id as site,
        ${memberLanguageSql(sql`m.language`, sql`m.site_id`)} as language,
        m.id as member_user_id, mp.id as member_profile_id, mp.name as member_name,
        cm.user_id as operated_user_id, op.id as operated_profile_id, op.name as operated_name,
        last.body as last_text,
        ${waitingSinceSql(sql`cm.conversation_id`, sql`cm.user_id`)} as waiting_since
      ${waitingFrom(options.sites, sql`left join ${profiles} mp on mp.user_id = m.id`, options.conversation)}
    )
    select w.*, w.waiting_since::text as waiting_since_text,
      c.staff_id as claim_staff_id, c.expires_at as claim_expires_at
    from waiting w
    left join ${inboxClaims} c on c.conversation_id = w.conversation and c.expires_at > now()
    where w.language in ${options.languages} ${after}
    order by w.waiting_since, w.conversation
    limit ${options.limit}`,
  );
}

/**
 * How many conversations wait now, per site, in every language (the figures): the queue's
 * rule counted, without reading when each began to wait.
 */
export async function waitingPerSite(db: Database, siteIds: string[]) {
  if (siteIds.length === 0) return new Map<string, number>();
  const rows = await executeRows<{ site: string; waiting: number }>(
    db,
    sql`
    select m.site_id as site, count(*)::int as waiting
    ${waitingFrom(siteIds)}
    group by m.site_id`,
  );
  return new Map(rows.map((row) => [row.site, Number(row.waiting)]));
}

/** Since when the member has waited for an answer (null: the profile wrote last). */
export async function waitingSince(
  db: Database,
  conversationId: number,
  conversation: OperatedConversation,
): Promise<Date | null> {
  const [row] = await executeRows<{ since: string | Date | null }>(
    db,
    sql`
    select ${waitingSinceSql(sql`${conversationId}`, sql`${conversation.operatedUserId}`)} as since`,
  );
  const since = row?.since;
  return since ? new Date(since) : null;
}

/**
 * The console's overview (issue 28 item 4): how long, in seconds, the conversations waiting in
 * a site's queue now have waited, the median of them; null when none waits.
 */
export async function medianWaitNow(db: Database, siteId: string): Promise<number | null> {
  const [row] = await executeRows<{ median: number | string | null }>(
    db,
    sql`
    select percentile_cont(0.5) within group (order by extract(epoch from now() - waiting.since)) as median
    from (select ${waitingSinceSql(sql`cm.conversation_id`, sql`cm.user_id`)} as since
      ${waitingFrom([siteId])}) waiting`,
  );
  return row?.median === null || row?.median === undefined ? null : Math.round(Number(row.median));
}
