import { describe, expect, it } from "vitest";
import { createLoggedInMember } from "../../test/members";
import { onPostgres, startSecondProcess } from "../../test/second-process";
import { createApp } from "../app";

/*
 * design §7, issue 12: with DATABASE_URL, several app processes share one PostgreSQL and
 * deliver to each other's members through LISTEN/NOTIFY. This test process is one app process;
 * a child process (src/test/serve-api.ts) is the other. CI runs it in the API suite against
 * PostgreSQL (`.ci/run`); the embedded database has one process, so there it is skipped.
 */
const app = createApp();
const second = startSecondProcess();

describe.skipIf(!onPostgres)("the event bus across app processes (PostgreSQL)", () => {
  it("delivers a message sent through one process to a stream held by the other", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 100 });
    const bob = await createLoggedInMember(app);
    const json = { "content-type": "application/json" };
    const opened = await app.request("/api/chat.php", {
      method: "POST",
      headers: { cookie: alice.cookie, ...json },
      body: JSON.stringify({ profile: bob.profile.id }),
    });
    const { conversation } = await opened.json();

    // Bob's page holds its stream on the other process.
    const stream = await fetch(`${second.origin}/api/events.php`, {
      headers: { cookie: bob.cookie },
    });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (marker: string) => {
      while (!text.includes(marker)) {
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        text += decoder.decode(value, { stream: true });
      }
    };
    await readUntil("event: ready");

    // Alice writes through this process.
    const sent = await app.request("/api/message.php", {
      method: "POST",
      headers: { cookie: alice.cookie, ...json },
      body: JSON.stringify({ conversation, text: "Across processes" }),
    });
    expect(sent.status).toBe(200);
    await readUntil("Across processes");
    expect(text).toMatch(/event: message\ndata: .*"text":"Across processes"/);

    // And the other way: Alice's typing signal, sent through the other process, reaches a
    // stream of hers held here.
    const here = await app.request("/api/events.php", { headers: { cookie: alice.cookie } });
    const hereReader = (here.body as ReadableStream<Uint8Array>).getReader();
    let hereText = "";
    while (!hereText.includes("event: ready")) {
      hereText += decoder.decode((await hereReader.read()).value);
    }
    const typing = await fetch(`${second.origin}/api/typing.php`, {
      method: "POST",
      headers: { cookie: bob.cookie, origin: second.origin, ...json },
      body: JSON.stringify({ conversation }),
    });
    expect(typing.status).toBe(200);
    while (!hereText.includes("event: typing")) {
      hereText += decoder.decode((await hereReader.read()).value);
    }
    await hereReader.cancel();
    await reader.cancel();
  });

  it("keeps a member's cached chat list true when the change comes through the other process", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 100 });
    const bob = await createLoggedInMember(app);
    const json = { "content-type": "application/json" };
    const opened = await app.request("/api/chat.php", {
      method: "POST",
      headers: { cookie: alice.cookie, ...json },
      body: JSON.stringify({ profile: bob.profile.id }),
    });
    const { conversation } = await opened.json();
    const bobsList = async () => {
      const answer = await fetch(`${second.origin}/api/chats.php`, {
        headers: { cookie: bob.cookie },
      });
      return (await answer.json()) as { chats: { last_message: { text: string } | null }[] };
    };
    // Bob's list is loaded, and kept, by the other process.
    expect((await bobsList()).chats).toEqual([]);
    for (const text of ["First", "Second"]) {
      const sent = await app.request("/api/message.php", {
        method: "POST",
        headers: { cookie: alice.cookie, ...json },
        body: JSON.stringify({ conversation, text }),
      });
      expect(sent.status).toBe(200);
      await expect
        .poll(async () => (await bobsList()).chats.map((chat) => chat.last_message?.text))
        .toEqual([text]);
    }
  });
});
