import { describe, expect, it } from "vitest";
import { chatCalls } from "../../test/chat";
import { openEventStream } from "../../test/event-stream";
import { createLoggedInMember, createTestMember } from "../../test/members";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { getReadyDb } from "../startup";

const app = createApp();
const { call, open, send } = chatCalls(app);

describe("the inbox live (issue 28 item 1)", () => {
  it("tells an open inbox of a member's message with its place; the member sees the agent type and answer", async () => {
    const agent = await createSignedInStaff(app, "operator");
    const inbox = await openEventStream(app, agent.cookie, undefined, "/api/staff/inbox/events");
    await inbox.until("ready");
    // An agent for German members only: they hear nothing of this English conversation but
    // that it left the queue.
    const german = await createSignedInStaff(app, "operator", { language: "de" });
    const other = await openEventStream(app, german.cookie, undefined, "/api/staff/inbox/events");
    await other.until("ready");

    const operated = await createTestMember(await getReadyDb(), {
      profile: { fictional: true, name: "Mia" },
    });
    const member = await createLoggedInMember(app, { paidUser: true, credits: 50 });
    const conversation = await open(member, { ...operated, email: "", cookie: "" });
    expect((await send(member, conversation, "Hi Mia")).status).toBe(200);
    // The item itself: the open inbox shows it without reading the queue again.
    expect((await inbox.until("inbox")).data).toEqual({
      conversation,
      item: expect.objectContaining({
        conversation,
        language: "en",
        member: expect.objectContaining({ user_id: member.user.id }),
        operated: expect.objectContaining({ name: "Mia" }),
        last_text: "Hi Mia",
        claim: null,
      }),
    });

    const stream = await openEventStream(app, member.cookie);
    const path = `/api/staff/inbox/${conversation}`;
    expect((await staffCall(app, "POST", `${path}/claim`, agent.cookie)).status).toBe(200);
    expect((await inbox.until("inbox")).data).toMatchObject({
      conversation,
      item: { claim: { mine: true, staff_id: agent.id } },
    });
    expect((await staffCall(app, "POST", `${path}/typing`, agent.cookie)).status).toBe(200);
    expect((await stream.until("typing")).data).toEqual({ conversation });

    const replied = await staffCall(app, "POST", `${path}/reply`, agent.cookie, { text: "Hey!" });
    expect(replied.status).toBe(200);
    // Answered: it leaves every open inbox.
    expect((await inbox.until("inbox")).data).toEqual({ conversation, item: null });
    expect((await other.until("inbox")).data).toEqual({ conversation, item: null });
    await other.close();
    const receipt = await stream.until("receipt");
    expect(receipt.data).toMatchObject({ conversation });
    const message = await stream.until("message");
    expect(message.data).toMatchObject({ message: { text: "Hey!", from_me: false } });
    expect(JSON.stringify(message.data)).not.toMatch(/staff/i);
    await stream.close();
    await inbox.close();

    const view = await call("GET", `/api/messages.php?conversation=${conversation}`, member.cookie);
    const { messages } = (await view.json()) as { messages: { text: string; state: string }[] };
    expect(messages.find((entry) => entry.text === "Hi Mia")?.state).toBe("read");
  });

  it("refuses the inbox stream to a role without the inbox", async () => {
    const support = await createSignedInStaff(app, "support");
    const answer = await staffCall(app, "GET", "/api/staff/inbox/events", support.cookie);
    expect(answer.status).toBe(403);
  });
});
