import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberCaller } from "../../test/api";
import { runJobsNamed } from "../../test/jobs";
import { createLoggedInMember } from "../../test/members";
import { findMailsTo } from "../../test/outbox";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { users } from "../users/schema";
import { chatMailJob } from "./job-types";
import { CHAT_MAIL_DELAY_MS } from "./notifications";

const app = createApp();

/** A member's JSON call (src/test/api.ts). */
const call = memberCaller(app);

/** Runs the jobs due once the e-mail delay has passed. */
async function runMailJobs() {
  await runJobsNamed([chatMailJob.name], new Date(Date.now() + CHAT_MAIL_DELAY_MS + 1000));
}

async function setUp() {
  const alice = await createLoggedInMember(app, {
    paidUser: true,
    credits: 200,
    profile: { name: "Alice" },
  });
  const bob = await createLoggedInMember(app, { language: "de", profile: { name: "Bob" } });
  const opened = await call("POST", "/api/chat.php", alice.cookie, { profile: bob.profile.id });
  const { conversation } = await opened.json();
  const send = (text: string) =>
    call("POST", "/api/message.php", alice.cookie, { conversation, text });
  return { alice, bob, conversation, send };
}

const subjects = async (email: string) => (await findMailsTo(email)).map((mail) => mail.subject);

describe("chat e-mails (issue 12, spec §3 notification categories)", () => {
  it("mails a new conversation, then one new-message mail until the member reads", async () => {
    const { bob, conversation, send } = await setUp();
    await send("Hi Bob");
    await runMailJobs();
    expect(await subjects(bob.email)).toEqual(["Alice hat dir auf Amora geschrieben"]);
    const [mail] = await findMailsTo(bob.email);
    expect(mail?.text).toContain(`/chats/${conversation}`);

    await send("Are you there?");
    await runMailJobs();
    expect(await subjects(bob.email)).toHaveLength(1);

    await call("POST", "/api/chat-read.php", bob.cookie, { conversation });
    await send("Nice to hear from you");
    await runMailJobs();
    expect((await subjects(bob.email))[0]).toBe("Neue Nachricht von Alice auf Amora");
  });

  it("mails nothing about a message that reached an open page, or to a member who opted out", async () => {
    const { bob, send } = await setUp();
    const stream = await app.request("/api/events.php", { headers: { cookie: bob.cookie } });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await send("Live");
    // Read until the message was written to Bob's page (it is then marked delivered).
    let text = "";
    while (!text.includes("event: message")) {
      text += new TextDecoder().decode((await reader.read()).value);
    }
    await reader.cancel();
    // The delivery hook runs after the write; the page's read of the list marks it as well.
    await call("GET", "/api/chats.php", bob.cookie);
    await runMailJobs();
    expect(await subjects(bob.email)).toEqual([]);

    const db = await getDb();
    await db
      .update(users)
      .set({ notificationsDisabled: ["new_conversations", "new_messages"] })
      .where(eq(users.id, bob.user.id));
    const other = await setUp();
    await db
      .update(users)
      .set({ notificationsDisabled: ["new_conversations"] })
      .where(eq(users.id, other.bob.user.id));
    await other.send("Hello");
    await runMailJobs();
    expect(await subjects(other.bob.email)).toEqual([]);
  });

  it("reminds a member of unread messages once a day", async () => {
    const { bob, send } = await setUp();
    await send("One");
    await send("Two");
    const db = await getDb();
    await db.execute(
      sql`update conversation_members set activity_at = now() - interval '6 hours' where user_id = ${bob.user.id}`,
    );
    // Tomorrow's daily run (today's ran with the earlier tests): the messages are 30 hours old.
    await runJobsNamed(["chat.unread-reminders"], new Date(Date.now() + 24 * 60 * 60 * 1000));
    expect(await subjects(bob.email)).toContain("Du hast 2 ungelesene Nachrichten auf Amora");
  });
});
