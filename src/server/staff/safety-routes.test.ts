import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MessageView } from "../../contract/chat";
import { STAFF_ROLES } from "../../contract/staff-options";
import type { FlagsAnswer, SafetyRulesAnswer } from "../../contract/staff-safety";
import { chatCalls, premium } from "../../test/chat";
import { createLoggedInMember } from "../../test/members";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { messageFlags } from "../chat/flags-schema";
import { getReadyDb } from "../startup";
import { hasPermission, type Permission } from "./permissions";
import { staffAudit } from "./schema";

const app = createApp();
const { call, open, send } = chatCalls(app);

/** A pair of members, and a message from the first the rules flag; its flag's id. */
async function flaggedMessage(text = "Add me on WhatsApp, my number is +49 151 23456789") {
  const alice = await createLoggedInMember(app, premium);
  const bob = await createLoggedInMember(app);
  const conversation = await open(alice, bob);
  await send(alice, conversation, "Hi Bob!");
  await send(bob, conversation, "Hi Alice, nice to meet you");
  const answer = await send(alice, conversation, text);
  expect(answer.status).toBe(200);
  const message = (await answer.json()).message as MessageView;
  const [flag] = await (await getReadyDb())
    .select()
    .from(messageFlags)
    .where(eq(messageFlags.messageId, message.id));
  if (!flag) throw new Error("the message was not flagged");
  return { alice, bob, conversation, message, flag };
}

async function auditRowsBy(staffId: number, action: string) {
  return (await getReadyDb())
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.staffId, staffId), eq(staffAudit.action, action)))
    .orderBy(staffAudit.id);
}

const resolve = (id: number | string, cookie: string, body: unknown) =>
  staffCall(app, "POST", `/api/staff/flags/${id}/resolve`, cookie, body);

const falsePositive = { verdict: "false_positive", reason: "A cat's name, not a messenger" };

/** The new staff calls, what each needs, and a body where it takes one. */
const SAFETY_CALLS: { method: string; path: string; permission: Permission; flag?: true }[] = [
  { method: "GET", path: "/api/staff/flags", permission: "flags.read" },
  { method: "GET", path: "/api/staff/safety/rules", permission: "flags.read" },
  {
    method: "POST",
    path: "/api/staff/flags/{id}/resolve",
    permission: "flags.resolve",
    flag: true,
  },
];

async function callOf(entry: (typeof SAFETY_CALLS)[number], cookie: string) {
  if (!entry.flag) return staffCall(app, entry.method, entry.path, cookie);
  const { flag } = await flaggedMessage();
  return resolve(flag.id, cookie, falsePositive);
}

describe("who reaches the safety calls", () => {
  it.each(SAFETY_CALLS)(
    "$method $path: no cookie or a member's is 403 staff_authentication_required",
    async (entry) => {
      const member = await createLoggedInMember(app);
      for (const cookie of ["", member.cookie]) {
        const answer = await callOf(entry, cookie);
        expect(answer.status).toBe(403);
        expect(await answer.json()).toMatchObject({ error: "staff_authentication_required" });
      }
    },
  );

  const table = STAFF_ROLES.flatMap((role) =>
    SAFETY_CALLS.map((entry) => ({ role, entry, allowed: hasPermission(role, entry.permission) })),
  );
  it.each(table)(
    "$role: $entry.method $entry.path is allowed: $allowed",
    async ({ role, entry, allowed }) => {
      const staff = await createSignedInStaff(app, role);
      const answer = await callOf(entry, staff.cookie);
      if (allowed) {
        expect(answer.status).toBe(200);
      } else {
        expect(answer.status).toBe(403);
        expect(await answer.json()).toMatchObject({ error: "forbidden" });
      }
    },
  );
});

describe("GET /api/staff/flags", () => {
  it("lists open flags newest first with both members, the rules named and the context", async () => {
    const { alice, bob, conversation, message, flag } = await flaggedMessage();
    const moderator = await createSignedInStaff(app, "moderator");
    const answer = await staffCall(
      app,
      "GET",
      `/api/staff/flags?cursor=${flag.id + 1}&limit=1`,
      moderator.cookie,
    );
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as FlagsAnswer;
    expect(page.flags).toHaveLength(1);
    expect(page.flags[0]).toMatchObject({
      id: flag.id,
      status: "open",
      conversation,
      message: { id: message.id, from: "sender", kind: "text", text: message.text },
      sender: { user_id: alice.user.id, id: alice.profile.id, name: alice.profile.name },
      recipient: { user_id: bob.user.id, id: bob.profile.id, name: bob.profile.name },
    });
    expect(page.flags[0]?.rules).toEqual(
      expect.arrayContaining([
        { id: "phone", name: "Phone number" },
        { id: "messenger", name: "Other messenger app" },
      ]),
    );
    expect(page.flags[0]?.context.map((entry) => [entry.from, entry.text])).toEqual([
      ["sender", "Hi Bob!"],
      ["recipient", "Hi Alice, nice to meet you"],
      ["sender", message.text],
    ]);
    // One audit row per call, naming the flags read.
    expect(await auditRowsBy(moderator.id, "flags.read")).toMatchObject([
      { role: "moderator", after: { flags: String(flag.id) } },
    ]);
    expect(page.next_cursor).toBe(String(flag.id));
  });

  it("pages by keyset and leaves resolved flags out", async () => {
    const first = await flaggedMessage();
    const second = await flaggedMessage("my IBAN is DE89 3704 0044 0532 0130 00");
    const moderator = await createSignedInStaff(app, "moderator");
    const pageOf = async (cursor: number | string) => {
      const answer = await staffCall(
        app,
        "GET",
        `/api/staff/flags?cursor=${cursor}&limit=1`,
        moderator.cookie,
      );
      expect(answer.status).toBe(200);
      return (await answer.json()) as FlagsAnswer;
    };
    const top = await pageOf(second.flag.id + 1);
    expect(top.flags.map((flag) => flag.id)).toEqual([second.flag.id]);
    const next = await pageOf(top.next_cursor ?? "");
    expect(next.flags.map((flag) => flag.id)).toEqual([first.flag.id]);

    expect((await resolve(second.flag.id, moderator.cookie, falsePositive)).status).toBe(200);
    expect((await pageOf(second.flag.id + 1)).flags.map((flag) => flag.id)).toEqual([
      first.flag.id,
    ]);
    expect(await auditRowsBy(moderator.id, "flags.read")).toHaveLength(3);
  });

  it.each(["0", "01", "x", "99999999999999999", "1%00"])(
    "refuses cursor %s with 422",
    async (cursor) => {
      const moderator = await createSignedInStaff(app, "moderator");
      const answer = await staffCall(
        app,
        "GET",
        `/api/staff/flags?cursor=${cursor}`,
        moderator.cookie,
      );
      expect(answer.status).toBe(422);
    },
  );
});

describe("POST /api/staff/flags/{id}/resolve", () => {
  it("records the verdict with one audit row, drops the notice, and refuses a second", async () => {
    const { bob, conversation, message, flag } = await flaggedMessage();
    const moderator = await createSignedInStaff(app, "moderator");
    const answer = await resolve(flag.id, moderator.cookie, falsePositive);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      flag: { id: flag.id, status: "false_positive", resolved_by: moderator.id },
    });
    expect(await auditRowsBy(moderator.id, "flag.resolve")).toMatchObject([
      {
        targetType: "message_flag",
        targetId: String(flag.id),
        reason: falsePositive.reason,
        before: { status: "open" },
        after: { status: "false_positive", message: message.id },
      },
    ]);
    const seen = await call("GET", `/api/messages.php?conversation=${conversation}`, bob.cookie);
    const shown = ((await seen.json()).messages as MessageView[]).at(-1);
    expect(shown).toMatchObject({ id: message.id, safety_notice: false });

    // A replay, or a colleague's verdict: refused, nothing written.
    const again = await resolve(flag.id, moderator.cookie, {
      ...falsePositive,
      verdict: "confirmed",
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "flag_resolved" });
    expect(await auditRowsBy(moderator.id, "flag.resolve")).toHaveLength(1);
  });

  it("keeps the notice of a confirmed flag", async () => {
    const { bob, conversation, flag } = await flaggedMessage();
    const moderator = await createSignedInStaff(app, "moderator");
    const answer = await resolve(flag.id, moderator.cookie, {
      verdict: "confirmed",
      reason: "Scam",
    });
    expect(answer.status).toBe(200);
    const seen = await call("GET", `/api/messages.php?conversation=${conversation}`, bob.cookie);
    expect(((await seen.json()).messages as MessageView[]).at(-1)).toMatchObject({
      safety_notice: true,
    });
  });

  it("answers 404 for no such flag and 422 for a bad id or body", async () => {
    const moderator = await createSignedInStaff(app, "moderator");
    const missing = await resolve(9_007_199_254_740_991, moderator.cookie, falsePositive);
    expect(missing.status).toBe(404);
    for (const id of ["0", "-1", "abc", "9007199254740992", "99999999999999999999"]) {
      expect((await resolve(id, moderator.cookie, falsePositive)).status).toBe(422);
    }
    const { flag } = await flaggedMessage();
    for (const body of [
      {},
      { verdict: "open", reason: "no" },
      { verdict: "confirmed", reason: "   " },
      { verdict: "confirmed", reason: "nul\u0000byte" },
      { verdict: "confirmed", reason: "x".repeat(1001) },
    ]) {
      expect((await resolve(flag.id, moderator.cookie, body)).status).toBe(422);
    }
    expect(await auditRowsBy(moderator.id, "flag.resolve")).toEqual([]);
  });
});

describe("GET /api/staff/safety/rules", () => {
  it("counts each rule's hits and the false positives marked among them", async () => {
    const moderator = await createSignedInStaff(app, "moderator");
    const counters = async () => {
      const answer = await staffCall(app, "GET", "/api/staff/safety/rules", moderator.cookie);
      expect(answer.status).toBe(200);
      const { rules } = (await answer.json()) as SafetyRulesAnswer;
      return new Map(rules.map((rule) => [rule.id, rule]));
    };
    const before = await counters();
    expect([...before.keys()].sort()).toEqual([
      "crypto",
      "email",
      "gift_card",
      "iban",
      "link",
      "messenger",
      "money_request",
      "phone",
    ]);
    expect(before.get("messenger")?.name).toBe("Other messenger app");
    const { flag } = await flaggedMessage("My cat is called Telegram");
    await flaggedMessage("Find me on Telegram");
    expect((await resolve(flag.id, moderator.cookie, falsePositive)).status).toBe(200);
    const after = await counters();
    expect(after.get("messenger")).toMatchObject({
      hits: (before.get("messenger")?.hits ?? 0) + 2,
      false_positives: (before.get("messenger")?.false_positives ?? 0) + 1,
    });
    expect(after.get("iban")?.hits).toBe(before.get("iban")?.hits);
  });
});
