import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type {
  InboxAnswer,
  InboxClaimAnswer,
  InboxConversationAnswer,
  InboxReplyAnswer,
} from "../../contract/staff-inbox";
import { balanceOf, chatCalls } from "../../test/chat";
import { createLoggedInMember, createTestMember } from "../../test/members";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { messages } from "../chat/schema";
import { getReadyDb } from "../startup";
import { setInboxScope } from "./accounts";
import { inboxClaims } from "./inbox-schema";
import { staffAudit } from "./schema";

const app = createApp();
const { call, open, send } = chatCalls(app);
type Agent = Awaited<ReturnType<typeof createSignedInStaff>>;

let agent: Agent;
beforeAll(async () => {
  agent = await createSignedInStaff(app, "operator");
});

/** A member (English, Amora, with credits) who wrote to a new operated profile. */
async function waitingConversation(options: { language?: string; siteId?: string } = {}) {
  const db = await getReadyDb();
  const operated = await createTestMember(db, {
    profile: { fictional: true, name: "Mia", gender: "female", seeking: "male" },
  });
  const member = await createLoggedInMember(app, {
    paidUser: true,
    credits: 100,
    language: options.language ?? "en",
    siteId: options.siteId,
    host: options.siteId === "herzklopfen" ? "127.0.0.1" : undefined,
    profile: { gender: "male", seeking: "female", name: "Tom" },
  });
  const conversation = await open(member, { ...operated, email: "", cookie: "" });
  const sent = await send(member, conversation, "Hello Mia, how are you?");
  expect(sent.status, await sent.clone().text()).toBe(200);
  return { operated, member, conversation };
}

function claim(who: Agent, conversation: number) {
  return staffCall(app, "POST", `/api/staff/inbox/${conversation}/claim`, who.cookie);
}

function reply(who: Agent, conversation: number, text: string, key?: string) {
  return app.request(`/api/staff/inbox/${conversation}/reply`, {
    method: "POST",
    headers: {
      cookie: who.cookie,
      "content-type": "application/json",
      ...(key ? { "idempotency-key": key } : {}),
    },
    body: JSON.stringify({ text }),
  });
}

async function queue(who: Agent): Promise<InboxAnswer> {
  const answer = await staffCall(app, "GET", "/api/staff/inbox", who.cookie);
  expect(answer.status).toBe(200);
  return answer.json();
}

describe("the operators' inbox (issue 28 item 1)", () => {
  it("queues a member's message to an operated profile, and only for operators", async () => {
    const { conversation, member, operated } = await waitingConversation();
    const item = (await queue(agent)).items.find((entry) => entry.conversation === conversation);
    expect(item).toMatchObject({
      site: "amora",
      language: "en",
      member: { user_id: member.user.id, name: "Tom" },
      operated: { user_id: operated.user.id, name: "Mia" },
      last_text: "Hello Mia, how are you?",
      claim: null,
    });
    const moderator = await createSignedInStaff(app, "moderator");
    const refused = await staffCall(app, "GET", "/api/staff/inbox", moderator.cookie);
    expect(refused.status).toBe(403);
  });

  it("gives a conversation to exactly one of 20 agents claiming at once", async () => {
    const { conversation } = await waitingConversation();
    const agents = await Promise.all(
      Array.from({ length: 20 }, () => createSignedInStaff(app, "operator")),
    );
    const answers = await Promise.all(agents.map((each) => claim(each, conversation)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const refused = answers.find((answer) => answer.status === 409);
    expect(await refused?.json()).toMatchObject({ error: "inbox_claimed" });
  });

  it("refuses a reply without a claim, and after the claim ran out; another may take it", async () => {
    const { conversation } = await waitingConversation();
    const unclaimed = await reply(agent, conversation, "Hi!");
    expect(unclaimed.status).toBe(409);
    expect(await unclaimed.json()).toMatchObject({ error: "inbox_not_claimed" });

    expect((await claim(agent, conversation)).status).toBe(200);
    const other = await createSignedInStaff(app, "operator");
    expect((await reply(other, conversation, "Hi!")).status).toBe(409);

    const db = await getReadyDb();
    await db
      .update(inboxClaims)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(inboxClaims.conversationId, conversation));
    const expired = await reply(agent, conversation, "Hi!");
    expect(expired.status).toBe(409);
    expect(await expired.json()).toMatchObject({ error: "inbox_claim_expired" });
    const taken = await claim(other, conversation);
    expect(taken.status).toBe(200);
    expect(((await taken.json()) as InboxClaimAnswer).claim.mine).toBe(true);
  });

  it("hides a conversation from an agent of another language or site", async () => {
    const german = await waitingConversation({ language: "de" });
    const english = await waitingConversation();
    const db = await getReadyDb();
    const germanAgent = await createSignedInStaff(app, "operator");
    await setInboxScope(db, { email: germanAgent.email, languages: ["de"], sites: [] });
    const herzAgent = await createSignedInStaff(app, "operator");
    await setInboxScope(db, { email: herzAgent.email, languages: [], sites: ["herzklopfen"] });
    await expect(
      setInboxScope(db, { email: herzAgent.email, languages: [], sites: ["nowhere"] }),
    ).rejects.toThrow("no such site: nowhere");
    const [audited] = await db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.action, "staff.inbox_scope"))
      .orderBy(staffAudit.id)
      .limit(1);
    expect(audited?.after).toEqual({ languages: "de", sites: null });

    const seen = (await queue(germanAgent)).items.map((item) => item.conversation);
    expect(seen).toContain(german.conversation);
    expect(seen).not.toContain(english.conversation);
    expect((await queue(agent)).items.map((item) => item.conversation)).not.toContain(
      german.conversation,
    );
    expect((await queue(herzAgent)).items.map((item) => item.conversation)).not.toContain(
      english.conversation,
    );
    for (const outsider of [germanAgent, herzAgent]) {
      expect((await claim(outsider, english.conversation)).status).toBe(404);
      expect((await reply(outsider, english.conversation, "Hi")).status).toBe(404);
      const read = await staffCall(
        app,
        "GET",
        `/api/staff/inbox/${english.conversation}`,
        outsider.cookie,
      );
      expect(read.status).toBe(404);
    }
  });

  it("answers as the profile: nothing charged, audited, the agent shown to staff only", async () => {
    const { conversation, member } = await waitingConversation();
    const before = await balanceOf(member);
    expect((await claim(agent, conversation)).status).toBe(200);
    const key = randomUUID();
    const first = await reply(agent, conversation, "Fine, thanks! And you?", key);
    expect(first.status, await first.clone().text()).toBe(200);
    const again = await reply(agent, conversation, "Fine, thanks! And you?", key);
    expect(again.status).toBe(200);
    const sent = (await first.json()) as InboxReplyAnswer;
    expect(await again.json()).toEqual(sent);
    expect(sent.message).toMatchObject({ from: "operated", sent_by_staff_id: agent.id });

    const db = await getReadyDb();
    const stored = await db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversation));
    expect(stored).toHaveLength(2);
    expect(stored[1]).toMatchObject({ credits: 0, sentByStaffId: agent.id });
    expect(await balanceOf(member)).toBe(before);
    const audit = await db.select().from(staffAudit).where(eq(staffAudit.staffId, agent.id));
    expect(audit.map((row) => row.action)).toContain("inbox.reply");

    // The member's view shows a message like any other, without the agent.
    const view = await call("GET", `/api/messages.php?conversation=${conversation}`, member.cookie);
    expect(view.status).toBe(200);
    const text = await view.text();
    expect(text).toContain("Fine, thanks! And you?");
    expect(text).not.toMatch(/staff/i);

    // Answered: out of the queue, and the agent's view names them.
    const items = (await queue(agent)).items.map((item) => item.conversation);
    expect(items).not.toContain(conversation);
    const read = await staffCall(app, "GET", `/api/staff/inbox/${conversation}`, agent.cookie);
    const whole = (await read.json()) as InboxConversationAnswer;
    expect(whole.messages.map((message) => message.sent_by_staff_id)).toEqual([null, agent.id]);
    expect(whole.member.language).toBe("en");
  });

  it("keeps notes per member pair and canned answers per language", async () => {
    const { conversation } = await waitingConversation();
    const path = `/api/staff/inbox/${conversation}/notes`;
    const saved = await staffCall(app, "PUT", path, agent.cookie, { body: "Tom, a nurse." });
    expect(saved.status).toBe(200);
    const other = await createSignedInStaff(app, "operator");
    expect(await (await staffCall(app, "GET", path, other.cookie)).json()).toMatchObject({
      body: "Tom, a nurse.",
      updated_by: agent.id,
    });
    const added = await staffCall(app, "POST", "/api/staff/inbox/canned", agent.cookie, {
      language: "en",
      title: "Greeting",
      body: "Hi there!",
    });
    expect(added.status).toBe(201);
    const list = await staffCall(app, "GET", "/api/staff/inbox/canned?language=en", other.cookie);
    expect((await list.json()).items).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: "Greeting" })]),
    );
    // Another agent removes it for everyone; the audit keeps its text.
    const { id } = await added.json();
    const removed = await staffCall(app, "DELETE", `/api/staff/inbox/canned/${id}`, other.cookie);
    expect(removed.status).toBe(200);
    const after = await staffCall(app, "GET", "/api/staff/inbox/canned?language=en", agent.cookie);
    expect((await after.json()).items.map((item: { id: number }) => item.id)).not.toContain(id);
    const [audited] = await (await getReadyDb())
      .select()
      .from(staffAudit)
      .where(
        sql`${staffAudit.staffId} = ${other.id} and ${staffAudit.action} = 'inbox.canned_delete'`,
      );
    expect(audited?.before).toMatchObject({ id, title: "Greeting", body: "Hi there!" });
    const again = await staffCall(app, "DELETE", `/api/staff/inbox/canned/${id}`, other.cookie);
    expect(again.status).toBe(404);
    // A member's session is not an agent's.
    const { member } = await waitingConversation();
    const refused = await staffCall(app, "DELETE", "/api/staff/inbox/canned/1", member.cookie);
    expect(refused.status).toBe(403);
  });

  it("counts answers, first-response times and what waits, per agent and site", async () => {
    const figures = await staffCall(app, "GET", "/api/staff/inbox/figures", agent.cookie);
    expect(figures.status).toBe(200);
    const body = await figures.json();
    expect(
      body.agents.find((row: { staff_id: number }) => row.staff_id === agent.id),
    ).toMatchObject({ answered: 1 });
    expect(
      body.sites.find((row: { site: string }) => row.site === "amora").waiting,
    ).toBeGreaterThan(0);
  });
});
