import { and, desc, eq, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FlagVerdict, SafetyRuleId } from "../../contract/staff-options";
import type {
  FlagMessage,
  FlagRule,
  FlagsAnswer,
  FlagsQuery,
  ResolvedFlagAnswer,
  SafetyRulesAnswer,
} from "../../contract/staff-safety";
import type { MessageKey } from "../../i18n/catalogues";
import type { Translate } from "../../i18n/translate";
import { messageFlags } from "../chat/flags-schema";
import { judgeFlag } from "../chat/safety-flags";
import { conversationMembers, messages } from "../chat/schema";
import { type Database, executeRows } from "../db/client";
import { ApiError, notFound } from "../lib/errors";
import { profiles } from "../profiles/schema";
import { messageRules, safetyRuleIds } from "../safety/message-rules";
import { recordStaffAction, type StaffActor } from "./audit";
import { authorize } from "./permissions";

/** How many messages of the conversation, up to the flagged one, a moderator sees with it. */
export const FLAG_CONTEXT_MESSAGES = 10;

/** A rule's name for staff, in their language (`staff.safety.rule.<id>`). */
function ruleName(t: Translate, id: SafetyRuleId): string {
  return t(`staff.safety.rule.${id}` as MessageKey);
}

type ContextRow = {
  flag_id: string | number;
  id: string | number;
  sender_user_id: number;
  kind: FlagMessage["kind"];
  body: string | null;
  gift: FlagMessage["gift"];
  created_at: Date | string;
};

/**
 * The last messages of each flag's conversation up to its message, in one statement: a lateral
 * join per flag, each an index range of messages_conversation_idx, newest first.
 */
async function contextOf(
  db: Database,
  flags: readonly { id: number; conversation: number; message: number }[],
): Promise<Map<number, ContextRow[]>> {
  const byFlag = new Map<number, ContextRow[]>();
  if (flags.length === 0) return byFlag;
  const list = (values: number[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  const rows = await executeRows<ContextRow>(
    db,
    sql`select f.flag_id, m.id, m.sender_user_id, m.kind, m.body, m.gift, m.created_at
      from unnest(
        array[${list(flags.map((flag) => flag.id))}]::bigint[],
        array[${list(flags.map((flag) => flag.conversation))}]::integer[],
        array[${list(flags.map((flag) => flag.message))}]::bigint[]
      ) as f(flag_id, conversation_id, message_id)
      cross join lateral (
        select id, sender_user_id, kind, body, gift, created_at from ${messages}
        where conversation_id = f.conversation_id and id <= f.message_id
        order by id desc
        limit ${FLAG_CONTEXT_MESSAGES}
      ) as m`,
  );
  for (const row of rows) {
    const flagId = Number(row.flag_id);
    byFlag.set(flagId, [...(byFlag.get(flagId) ?? []), row]);
  }
  return byFlag;
}

/**
 * issue 27 item 6: the open flags, newest first, a page at a time (keyset on the id, served by
 * message_flags_open_idx), each with both members and the conversation around the message.
 * A read of members' private messages: one audit row per call, in the read's transaction, so
 * no page leaves without its row. For `flags.read` only.
 */
export async function listOpenFlags(
  db: Database,
  actor: StaffActor,
  query: FlagsQuery,
  t: Translate,
): Promise<FlagsAnswer> {
  authorize(actor, "flags.read");
  const senderProfile = alias(profiles, "sender_profile");
  const recipientProfile = alias(profiles, "recipient_profile");
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        flag: messageFlags,
        message: {
          id: messages.id,
          conversationId: messages.conversationId,
          senderUserId: messages.senderUserId,
          kind: messages.kind,
          body: messages.body,
          gift: messages.gift,
          createdAt: messages.createdAt,
        },
        sender: { id: senderProfile.id, name: senderProfile.name },
        recipient: { id: recipientProfile.id, name: recipientProfile.name },
        recipientUserId: conversationMembers.otherUserId,
      })
      .from(messageFlags)
      .innerJoin(messages, eq(messages.id, messageFlags.messageId))
      .innerJoin(
        conversationMembers,
        and(
          eq(conversationMembers.conversationId, messages.conversationId),
          eq(conversationMembers.userId, messages.senderUserId),
        ),
      )
      .leftJoin(senderProfile, eq(senderProfile.userId, messages.senderUserId))
      .leftJoin(recipientProfile, eq(recipientProfile.userId, conversationMembers.otherUserId))
      .where(
        and(
          eq(messageFlags.status, "open"),
          query.cursor === undefined ? undefined : lt(messageFlags.id, Number(query.cursor)),
        ),
      )
      .orderBy(desc(messageFlags.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const context = await contextOf(
      tx,
      page.map(({ flag, message }) => ({
        id: flag.id,
        conversation: message.conversationId,
        message: message.id,
      })),
    );
    await recordStaffAction(tx, actor, {
      action: "flags.read",
      after: { flags: page.map(({ flag }) => flag.id).join(",") },
    });
    const last = page.at(-1);
    return {
      flags: page.map(({ flag, message, sender, recipient, recipientUserId }) => {
        const fromOf = (senderUserId: number) =>
          senderUserId === message.senderUserId ? ("sender" as const) : ("recipient" as const);
        return {
          id: flag.id,
          status: flag.status,
          rules: flag.ruleIds.map((id): FlagRule => ({ id, name: ruleName(t, id) })),
          conversation: message.conversationId,
          message: {
            id: message.id,
            from: "sender" as const,
            kind: message.kind,
            text: message.body,
            gift: message.gift,
            created_at: message.createdAt.toISOString(),
          },
          sender: {
            user_id: message.senderUserId,
            id: sender?.id ?? null,
            name: sender?.name ?? null,
          },
          recipient: {
            user_id: recipientUserId,
            id: recipient?.id ?? null,
            name: recipient?.name ?? null,
          },
          context: (context.get(flag.id) ?? []).reverse().map((row) => ({
            id: Number(row.id),
            from: fromOf(row.sender_user_id),
            kind: row.kind,
            text: row.body,
            gift: row.gift,
            created_at: new Date(row.created_at).toISOString(),
          })),
          created_at: flag.createdAt.toISOString(),
        };
      }),
      next_cursor: rows.length > query.limit && last ? String(last.flag.id) : null,
    };
  });
}

/**
 * A moderator's verdict on an open flag, with its one audit row, in one transaction. Only an
 * open flag is judged: a second verdict (a replay, or a colleague's at the same time, whose
 * update waits for the first's row lock) is 409 flag_resolved. For `flags.resolve` only.
 */
export async function resolveFlag(
  db: Database,
  actor: StaffActor & { staff: { id: number } },
  flagId: number,
  decision: { verdict: FlagVerdict; reason: string },
): Promise<ResolvedFlagAnswer> {
  authorize(actor, "flags.resolve");
  return db.transaction(async (tx) => {
    const row = await judgeFlag(tx, flagId, {
      status: decision.verdict,
      staffId: actor.staff.id,
    });
    if (row === "not_found") throw notFound();
    if (row === "resolved") throw new ApiError(409, "flag_resolved", "staff.safety.flagResolved");
    await recordStaffAction(tx, actor, {
      action: "flag.resolve",
      target: { type: "message_flag", id: flagId },
      reason: decision.reason,
      before: { status: "open" },
      after: { status: decision.verdict, message: row.messageId },
    });
    return {
      flag: {
        id: row.id,
        status: decision.verdict,
        resolved_by: actor.staff.id,
        resolved_at: (row.resolvedAt ?? new Date()).toISOString(),
      },
    };
  });
}

/**
 * The console's counter per rule: its hits, and the false positives moderators marked among
 * them. Two counts per rule, each from a GIN index (message_flags_rules_idx, and the partial
 * message_flags_false_positive_rules_idx) rather than a scan of every flag.
 */
export async function safetyRuleCounters(
  db: Database,
  actor: StaffActor,
  t: Translate,
): Promise<SafetyRulesAnswer> {
  authorize(actor, "flags.read");
  const counts = await executeRows<{ rule: SafetyRuleId; hits: number; false_positives: number }>(
    db,
    sql`select r.rule,
        (select count(*)::integer from ${messageFlags}
          where rule_ids @> array[r.rule]) as hits,
        (select count(*)::integer from ${messageFlags}
          where status = 'false_positive' and rule_ids @> array[r.rule]) as false_positives
      from unnest(array[${sql.join(
        safetyRuleIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]) as r(rule)`,
  );
  const byRule = new Map(counts.map((row) => [row.rule, row]));
  return {
    rules: messageRules.map((rule) => ({
      id: rule.id,
      name: ruleName(t, rule.id),
      description: rule.description,
      hits: Number(byRule.get(rule.id)?.hits ?? 0),
      false_positives: Number(byRule.get(rule.id)?.false_positives ?? 0),
    })),
  };
}
