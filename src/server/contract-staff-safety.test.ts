import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatCalls, premium } from "../test/chat";
import { type CallOptions, createContractClient } from "../test/contract";
import { createLoggedInMember } from "../test/members";
import { signInThroughContract } from "../test/staff";
import { createApp } from "./app";
import { messageFlags } from "./chat/flags-schema";
import { getReadyDb } from "./startup";

/**
 * A moderator's journey through message safety (issue 27 item 6): every answer must be declared
 * in the OpenAPI document and match its route's schema (src/test/contract.ts; design §6).
 */

const app = createApp();
const { call } = createContractClient(app);
const chat = chatCalls(app);

describe("every answer of a moderator's safety journey matches the document", () => {
  it("for the queue, a verdict and the rules' counters", async () => {
    const alice = await createLoggedInMember(app, premium);
    const bob = await createLoggedInMember(app);
    const conversation = await chat.open(alice, bob);
    const sent = await chat.send(alice, conversation, "Write me at alice@example.com");
    const { message } = await sent.json();
    const [flag] = await (await getReadyDb())
      .select({ id: messageFlags.id })
      .from(messageFlags)
      .where(eq(messageFlags.messageId, message.id));
    if (!flag) throw new Error("not flagged");

    expect((await call("get", "/staff/flags")).status).toBe(403);
    const cookie = await signInThroughContract(call, "moderator");
    const page = await call("get", "/staff/flags", { cookie, query: { limit: 5 } });
    expect(page.status).toBe(200);
    expect((await call("get", "/staff/flags", { cookie, query: { cursor: "x" } })).status).toBe(
      422,
    );

    const resolve = (options: CallOptions) => call("post", "/staff/flags/{id}/resolve", options);
    const verdict = { verdict: "confirmed", reason: "An address to move off the site" };
    expect((await resolve({ cookie, params: { id: "x" }, json: verdict })).status).toBe(422);
    const missing = { cookie, params: { id: 9_007_199_254_740_991 }, json: verdict };
    expect((await resolve(missing)).status).toBe(404);
    const done = await resolve({ cookie, params: { id: flag.id }, json: verdict });
    expect(done.status).toBe(200);
    const again = await resolve({ cookie, params: { id: flag.id }, json: verdict });
    expect(again.status).toBe(409);
    expect((await call("get", "/staff/safety/rules", { cookie })).status).toBe(200);

    const support = await signInThroughContract(call, "support");
    expect((await call("get", "/staff/safety/rules", { cookie: support })).status).toBe(403);
    const refused = { cookie: support, params: { id: flag.id }, json: verdict };
    expect((await resolve(refused)).status).toBe(403);
  });
});
