/**
 * Issue 28 item 1's budgets, for bench/engine.ts: a member's message to an operated profile
 * appears in an agent's open inbox in ≤ 100 ms p99 (the inbox's event, which brings the
 * conversation's place in the queue: the page shows it as it comes), and an agent's reply
 * reaches the member's open
 * events stream as fast as a member's message does (the line "message to an open stream").
 */
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client";
import { type ChatSeed, openStream } from "./chat";
import { type MetricsSeed, staffCookie } from "./metrics";

export type InboxSeed = { operator: MetricsSeed; profile: number; members: string[] };

/**
 * An operated (fictional) profile of Amora, an operator for every language and site, and
 * credits for the members who write to the profile: those of `chat`'s sessions after the
 * first 20 (the delivery line's senders and recipient) whose profiles are not fictional,
 * `count` of them.
 */
export async function seedInbox(db: Database, chat: ChatSeed, count: number): Promise<InboxSeed> {
  const { executeRows } = await import("../src/server/db/client");
  const { addStaff, setInboxScope } = await import("../src/server/staff/accounts");
  const { locales } = await import("../src/i18n/locales");
  const { sites } = await import("../src/server/sites/registry");
  // Members, not the site's own profiles: a fictional sender would be an operated side too.
  const candidates = chat.userIds.slice(20);
  const members = await executeRows<{ user_id: number }>(
    db,
    sql`select user_id from profiles where user_id in ${candidates} and not fictional
        order by user_id limit ${count}`,
  );
  const chosen = new Set(members.map((row) => Number(row.user_id)));
  if (chosen.size < count) throw new Error(`only ${chosen.size} members to write to the inbox`);
  const [operated] = await executeRows<{ id: number }>(
    db,
    sql`
    update profiles set fictional = true where id = (
      select p.id from profiles p join users u on u.id = p.user_id
      where u.site_id = 'amora' and u.status = 'confirmed' and p.status = 'active'
        and u.id not in ${[...chosen]}
      order by p.id desc limit 1)
    returning id`,
  );
  if (!operated) throw new Error("no profile to operate");
  await db.execute(sql`update users set credits = credits + 1000 where id in ${[...chosen]}`);
  const operator = { email: "bench-operator@bench.example", password: "an operator's passphrase" };
  const added = await addStaff(db, { ...operator, role: "operator" });
  await setInboxScope(db, {
    email: operator.email,
    languages: [...locales],
    sites: sites.map((site) => site.id),
  });
  const cookies = chat.cookies.filter((_, index) => chosen.has(chat.userIds[index] ?? 0));
  return {
    operator: { ...operator, secret: added.totp_secret },
    profile: operated.id,
    members: cookies,
  };
}

export type Latencies = { toInbox: number[]; reply: number[] };

/**
 * Each member opens a conversation with the operated profile and writes once; the agent's open
 * inbox hears it with its place in the queue. Then the agent claims each conversation and answers,
 * and the member's open stream hears the answer.
 */
export async function measureInbox(base: string, seed: InboxSeed): Promise<Latencies> {
  const json = { "content-type": "application/json", origin: base };
  const staff = { cookie: await staffCookie(base, seed.operator) };
  const inbox = await openStream(`${base}/api/staff/inbox/events`, staff.cookie);
  const streams = [];
  for (const cookie of seed.members)
    streams.push(await openStream(`${base}/api/events.php`, cookie));
  const latencies: Latencies = { toInbox: [], reply: [] };
  const conversations: number[] = [];
  try {
    await Promise.all([inbox, ...streams].map((stream) => stream.wait("event: ready")));
    for (const [index, cookie] of seed.members.entries()) {
      const opened = await fetch(`${base}/api/chat.php`, {
        method: "POST",
        headers: { cookie, ...json },
        body: JSON.stringify({ profile: seed.profile }),
      });
      if (!opened.ok) throw new Error(`chat: HTTP ${opened.status} ${await opened.text()}`);
      const { conversation } = (await opened.json()) as { conversation: number };
      conversations.push(conversation);
      const sent = performance.now();
      // The open inbox shows the event's item as it comes: nothing more is read.
      const heard = inbox.wait(
        `{"conversation":${conversation},"item":{"conversation":${conversation},`,
      );
      heard.catch(() => {});
      const answer = await fetch(`${base}/api/message.php`, {
        method: "POST",
        headers: { cookie, ...json },
        body: JSON.stringify({ conversation, text: `inbox bench ${index}` }),
      });
      if (!answer.ok) throw new Error(`message: HTTP ${answer.status} ${await answer.text()}`);
      await heard;
      latencies.toInbox.push(performance.now() - sent);
    }
    for (const [index, conversation] of conversations.entries()) {
      const claimed = await fetch(`${base}/api/staff/inbox/${conversation}/claim`, {
        method: "POST",
        headers: { ...staff, ...json },
        body: "{}",
      });
      if (!claimed.ok) throw new Error(`claim: HTTP ${claimed.status} ${await claimed.text()}`);
      const text = `agent bench ${index}`;
      const sent = performance.now();
      const arrived = streams[index]?.wait(`"text":"${text}"`);
      arrived?.catch(() => {});
      const answer = await fetch(`${base}/api/staff/inbox/${conversation}/reply`, {
        method: "POST",
        headers: { ...staff, ...json, "idempotency-key": `bench-${conversation}` },
        body: JSON.stringify({ text }),
      });
      if (!answer.ok) throw new Error(`reply: HTTP ${answer.status} ${await answer.text()}`);
      await arrived;
      latencies.reply.push(performance.now() - sent);
    }
  } finally {
    await inbox.close();
    for (const stream of streams) await stream.close();
  }
  return latencies;
}
