import { sql } from "drizzle-orm";
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

type QueueRow = {
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

/** The waiting conversations of some sites and languages, oldest first, after a keyset. */
export async function waitingQueue(
  db: Database,
  options: {
    sites: string[];
    languages: string[];
    after: { at: string; id: number } | null;
    limit: number;
  },
): Promise<QueueRow[]> {
  if (options.sites.length === 0 || options.languages.length === 0) return [];
  const after = options.after
    ? sql`and (waiting_since, conversation) > (${options.after.at}::timestamptz, ${options.after.id})`
    : sql``;
  return executeRows<QueueRow>(
    db,
    sql`
    with waiting as (
      select cm.conversation_id as conversation, m.site_id as site,
        ${memberLanguageSql(sql`m.language`, sql`m.site_id`)} as language,
        m.id as member_user_id, mp.id as member_profile_id, mp.name as member_name,
        cm.user_id as operated_user_id, op.id as operated_profile_id, op.name as operated_name,
        last.body as last_text,
        (select min(x.created_at) from ${messages} x
          where x.conversation_id = cm.conversation_id and x.sender_user_id = m.id
            and x.id > coalesce((select max(y.id) from ${messages} y
              where y.conversation_id = cm.conversation_id and y.sender_user_id = cm.user_id), 0)
        ) as waiting_since
      from ${conversationMembers} cm
      join ${profiles} op on op.user_id = cm.user_id and op.fictional
      join ${messages} last on last.id = cm.last_message_id and last.sender_user_id = cm.other_user_id
      join ${users} m on m.id = cm.other_user_id
      left join ${profiles} mp on mp.user_id = m.id
      where m.site_id in ${options.sites}
        and m.erased_at is null and m.deletion_requested_at is null and m.sanction is null
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
    from ${conversationMembers} cm
    join ${profiles} op on op.user_id = cm.user_id and op.fictional
    join ${messages} last on last.id = cm.last_message_id and last.sender_user_id = cm.other_user_id
    join ${users} m on m.id = cm.other_user_id
    where m.site_id in ${siteIds}
      and m.erased_at is null and m.deletion_requested_at is null and m.sanction is null
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
    select min(x.created_at) as since from ${messages} x
    where x.conversation_id = ${conversationId} and x.sender_user_id = ${conversation.memberUserId}
      and x.id > coalesce((select max(y.id) from ${messages} y
        where y.conversation_id = ${conversationId}
          and y.sender_user_id = ${conversation.operatedUserId}), 0)`,
  );
  const since = row?.since;
  return since ? new Date(since) : null;
}
