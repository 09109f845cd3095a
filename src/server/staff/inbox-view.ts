import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import type {
  CannedBody,
  CannedListAnswer,
  InboxConversationAnswer,
  InboxMessage,
  InboxNotesAnswer,
  InboxProfile,
} from "../../contract/staff-inbox";
import { operatedConversation } from "../chat/operated";
import { messages } from "../chat/schema";
import type { Database } from "../db/client";
import { notFound, ValidationError } from "../lib/errors";
import { createMediaSigner } from "../photos/media-url";
import { photos } from "../photos/schema";
import { profiles } from "../profiles/schema";
import { getSiteById } from "../sites/registry";
import { users } from "../users/schema";
import { recordStaffAction, type StaffActor } from "./audit";
import { cannedAnswers, inboxClaims, inboxNotes } from "./inbox-schema";
import { agentScope, assertInScope, siteLanguage } from "./inbox-scope";

/** issue 28: what an agent reads of a conversation, the pair's notes and the canned answers. */

const MESSAGES_PAGE = 100;

async function profileOf(db: Database, userId: number, siteId: string): Promise<InboxProfile> {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  const profile = row?.profile ?? null;
  // Only photos a member may see (approved or awaiting review), signed for no member.
  const media = createMediaSigner(getSiteById(siteId), null);
  const rows = profile
    ? await db
        .select({ key: photos.storageKey })
        .from(photos)
        .where(and(eq(photos.profileId, profile.id), sql`${photos.status} <> 'rejected'`))
        .orderBy(asc(photos.position), asc(photos.id))
    : [];
  return {
    user_id: userId,
    profile_id: profile?.id ?? null,
    name: profile?.name ?? null,
    gender: profile?.gender ?? null,
    birthdate: profile?.birthdate ?? null,
    country: profile?.country ?? null,
    about: profile?.about ?? null,
    language: row?.user.language ?? null,
    photos: rows.map((photo) => ({
      thumb: media.url(`${photo.key}-thumb.webp`),
      large: media.url(`${photo.key}-large.webp`),
    })),
  };
}

/**
 * GET /api/staff/inbox/{conversation}: the conversation (the newest 100 messages, older by
 * cursor, each naming the agent who wrote the profile's), both profiles and the claim. A read
 * of a member's messages: one audit row.
 */
export async function inboxConversation(
  db: Database,
  actor: StaffActor,
  conversationId: number,
  cursor?: string,
): Promise<InboxConversationAnswer> {
  const scope = await agentScope(db, actor);
  const conversation = assertInScope(scope, await operatedConversation(db, conversationId));
  const before = cursor === undefined ? null : Number(cursor);
  if (before !== null && !(Number.isSafeInteger(before) && before > 0)) {
    throw new ValidationError({ cursor: { key: "validation.invalid" } });
  }
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        before === null ? undefined : lt(messages.id, before),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(MESSAGES_PAGE + 1);
  const page = rows.slice(0, MESSAGES_PAGE).reverse();
  const list: InboxMessage[] = page.map((message) => ({
    id: message.id,
    from: message.senderUserId === conversation.operatedUserId ? "operated" : "member",
    kind: message.kind,
    text: message.body,
    sent_by_staff_id: message.sentByStaffId,
    created_at: message.createdAt.toISOString(),
  }));
  const [claim] = await db
    .select()
    .from(inboxClaims)
    .where(
      and(eq(inboxClaims.conversationId, conversationId), sql`${inboxClaims.expiresAt} > now()`),
    );
  await recordStaffAction(db, actor, {
    action: "inbox.read",
    target: { type: "conversation", id: conversationId },
  });
  const site = conversation.memberSiteId;
  return {
    conversation: conversationId,
    site,
    language: (conversation.memberLanguage ?? siteLanguage(site)).slice(0, 2),
    member: await profileOf(db, conversation.memberUserId, site),
    operated: await profileOf(db, conversation.operatedUserId, site),
    messages: list,
    older_cursor: rows.length > MESSAGES_PAGE && page[0] ? String(page[0].id) : null,
    claim: claim
      ? {
          staff_id: claim.staffId,
          mine: claim.staffId === scope.staffId,
          expires_at: claim.expiresAt.toISOString(),
        }
      : null,
  };
}

/** GET …/notes: what agents wrote down about this member and this profile. */
export async function inboxNotesOf(
  db: Database,
  actor: StaffActor,
  conversationId: number,
): Promise<InboxNotesAnswer> {
  const scope = await agentScope(db, actor);
  const pair = assertInScope(scope, await operatedConversation(db, conversationId));
  const [row] = await db
    .select()
    .from(inboxNotes)
    .where(
      and(
        eq(inboxNotes.memberUserId, pair.memberUserId),
        eq(inboxNotes.operatedUserId, pair.operatedUserId),
      ),
    );
  return {
    body: row?.body ?? "",
    updated_by: row?.updatedBy ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** PUT …/notes: replaces the pair's notes (any agent of the pair's scope), audited. */
export async function saveInboxNotes(
  db: Database,
  actor: StaffActor,
  conversationId: number,
  body: string,
): Promise<InboxNotesAnswer> {
  const scope = await agentScope(db, actor);
  const pair = assertInScope(scope, await operatedConversation(db, conversationId));
  return db.transaction(async (tx) => {
    const values = {
      memberUserId: pair.memberUserId,
      operatedUserId: pair.operatedUserId,
      body,
      updatedBy: scope.staffId,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(inboxNotes)
      .values(values)
      .onConflictDoUpdate({
        target: [inboxNotes.memberUserId, inboxNotes.operatedUserId],
        set: { body, updatedBy: scope.staffId, updatedAt: values.updatedAt },
      })
      .returning();
    await recordStaffAction(tx, actor, {
      action: "inbox.notes",
      target: { type: "conversation", id: conversationId },
    });
    return {
      body: row?.body ?? body,
      updated_by: scope.staffId,
      updated_at: (row?.updatedAt ?? values.updatedAt).toISOString(),
    };
  });
}

/** GET /api/staff/inbox/canned?language=: the canned answers of a language. */
export async function cannedAnswersOf(
  db: Database,
  actor: StaffActor,
  language: string,
): Promise<CannedListAnswer> {
  await agentScope(db, actor);
  const rows = await db
    .select()
    .from(cannedAnswers)
    .where(eq(cannedAnswers.language, language as never))
    .orderBy(asc(cannedAnswers.title), asc(cannedAnswers.id));
  return {
    items: rows.map((row) => ({
      id: row.id,
      language: row.language,
      title: row.title,
      body: row.body,
    })),
  };
}

/** POST /api/staff/inbox/canned: a new canned answer (any agent; audited). */
export async function createCannedAnswer(
  db: Database,
  actor: StaffActor,
  values: CannedBody,
): Promise<CannedListAnswer["items"][number]> {
  await agentScope(db, actor);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cannedAnswers)
      .values({ ...values, language: values.language as never })
      .returning();
    if (!row) throw new Error("canned answer not stored");
    await recordStaffAction(tx, actor, {
      action: "inbox.canned_create",
      after: { id: row.id, language: row.language, title: row.title },
    });
    return { id: row.id, language: row.language, title: row.title, body: row.body };
  });
}

/** DELETE /api/staff/inbox/canned/{id}: a canned answer no agent should offer again (audited). */
export async function deleteCannedAnswer(db: Database, actor: StaffActor, id: number) {
  await agentScope(db, actor);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(cannedAnswers).where(eq(cannedAnswers.id, id)).returning();
    if (!row) throw notFound();
    await recordStaffAction(tx, actor, {
      action: "inbox.canned_delete",
      before: { id: row.id, language: row.language, title: row.title, body: row.body },
    });
  });
}
