/**
 * Issue 12's budgets, for bench/engine.ts: the chat data (conversations of the demo member and
 * a million messages), sessions for a thousand members, and the event stream's delivery time
 * and memory with that many streams open.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client";

/** The rows of a statement (drizzle types `execute` loosely across drivers). */
async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Conversations of the demo member; the messages are spread over them. */
const CONVERSATIONS = 200;

export type ChatSeed = {
  /** The demo member's largest conversation, and a message id deep inside it. */
  conversation: number;
  /** The profile of the other member in that conversation. */
  partnerProfile: number;
  before: number;
  /** Session cookies of `streams` members (the first is the demo member's partner). */
  cookies: string[];
  /** The members of `cookies`, in the same order. */
  userIds: number[];
  /** The conversation between the demo member and the first of `cookies`. */
  liveConversation: number;
};

/**
 * Gives the demo member (the first demo login) CONVERSATIONS conversations holding `messages`
 * messages between them, written in bulk by SQL, and sessions for `streams` members.
 */
export async function seedChat(
  db: Database,
  options: { messages: number; streams: number },
): Promise<ChatSeed> {
  const { DEMO_LOGINS } = await import("../src/server/db/seed");
  const { createSession, generateSessionToken, SESSION_COOKIE } = await import(
    "../src/server/auth/session"
  );
  const [demo] = await rows<{ id: number }>(
    db,
    sql`select id from users where email = ${DEMO_LOGINS[0].email}`,
  );
  if (!demo) throw new Error("no demo login to chat with");
  const others = await rows<{ id: number }>(
    db,
    sql`select u.id from users u join profiles p on p.user_id = u.id
          where u.id <> ${demo.id} and u.status = 'confirmed' and p.status = 'active'
          order by u.id limit ${Math.max(CONVERSATIONS, options.streams)}`,
  );
  const partners = others.slice(0, CONVERSATIONS);
  for (const partner of partners) {
    const [low, high] = demo.id < partner.id ? [demo.id, partner.id] : [partner.id, demo.id];
    await db.execute(sql`
      with pair as (
        insert into conversations (user_low_id, user_high_id) values (${low}, ${high}) returning id
      )
      insert into conversation_members (conversation_id, user_id, other_user_id)
      select id, ${demo.id}::int, ${partner.id}::int from pair
      union all select id, ${partner.id}::int, ${demo.id}::int from pair`);
  }
  // Half of all messages in the first conversation (a long history), the rest spread out.
  await db.execute(sql`
    insert into messages (conversation_id, sender_user_id, kind, body, created_at)
    select c.id,
           case when g % 2 = 0 then c.user_low_id else c.user_high_id end,
           'text',
           'Message number ' || g || ', long enough to look like what people write.',
           now() - ((${options.messages} - g) || ' seconds')::interval
    from generate_series(1, ${options.messages}) g
    join (select id, user_low_id, user_high_id, row_number() over (order by id) - 1 as n
          from conversations) c
      on c.n = case when g % 2 = 0 then 0 else 1 + ((g - 1) / 2) % ${CONVERSATIONS - 1} end`);
  await db.execute(sql`
    update conversation_members cm set
      last_message_id = last.id, activity_at = last.created_at,
      unread_count = case when cm.user_id = ${demo.id}::int then 3 else 0 end
    from (select distinct on (conversation_id) conversation_id, id, created_at
          from messages order by conversation_id, id desc) last
    where last.conversation_id = cm.conversation_id`);
  await db.execute(sql`analyze`);
  const largest = (
    await rows<{ id: number; first: string; last: string }>(
      db,
      sql`select conversation_id as id, min(id) as first, max(id) as last from messages
          group by conversation_id order by count(*) desc limit 1`,
    )
  )[0] as { id: number; first: string; last: string };
  const [partner] = await rows<{ id: number }>(
    db,
    sql`select p.id from conversation_members cm join profiles p on p.user_id = cm.other_user_id
          where cm.conversation_id = ${largest.id} and cm.user_id = ${demo.id}`,
  );
  if (!partner) throw new Error("the demo member's largest conversation has no partner");
  const cookies: string[] = [];
  for (const member of others.slice(0, options.streams)) {
    const token = generateSessionToken();
    await createSession(db, token, member.id);
    cookies.push(`${SESSION_COOKIE}=${token}`);
  }
  const live = (
    await rows<{ id: number }>(
      db,
      sql`select id from conversations where user_low_id = ${Math.min(demo.id, others[0]?.id ?? 0)}
          and user_high_id = ${Math.max(demo.id, others[0]?.id ?? 0)}`,
    )
  )[0] as { id: number };
  return {
    conversation: Number(largest.id),
    partnerProfile: Number(partner.id),
    before: Math.floor((Number(largest.first) + Number(largest.last)) / 2),
    cookies,
    userIds: others.slice(0, options.streams).map((member) => member.id),
    liveConversation: Number(live.id),
  };
}

/** One open events stream, read as text; `wait` resolves when a marker has arrived. */
export async function openStream(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const waiters: { marker: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  let ended = false;
  const endedBefore = (marker: string) => new Error(`the events stream ended before ${marker}`);
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) {
        // A marker that has not come by the stream's end never will: the bench fails, naming
        // it, instead of waiting for ever.
        ended = true;
        for (const waiter of waiters.splice(0)) {
          waiter.reject(endedBefore(waiter.marker));
        }
        return;
      }
      text += decoder.decode(value, { stream: true });
      for (const waiter of [...waiters]) {
        if (text.includes(waiter.marker)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      if (text.length > 1_000_000) text = text.slice(-10_000);
    }
  })();
  return {
    wait: (marker: string) =>
      new Promise<void>((resolve, reject) => {
        if (text.includes(marker)) resolve();
        else if (ended) reject(endedBefore(marker));
        else waiters.push({ marker, resolve, reject });
      }),
    close: () => reader.cancel().catch(() => {}),
  };
}
