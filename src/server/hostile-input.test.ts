import { beforeAll, describe, expect, it } from "vitest";
import { createHostileClient, expectProperAnswer } from "../test/hostile";
import { createLoggedInMember, createTestMember } from "../test/members";
import { createApp } from "./app";
import { getDb } from "./db/client";
import { MAX_ID } from "./lib/validation";

/*
 * design §10: hostile values (ids past 2^31, NUL bytes, crafted cursors, malformed encoding) get
 * a 4xx with the usual JSON error, never a 5xx. This file reproduces the reported cases; the
 * hostile-calls-*.test.ts files walk every call of the OpenAPI document with hostile values in
 * every parameter and body field, as a visitor and as a member.
 */

const app = createApp();
const { send, sendJson } = createHostileClient(app);

describe("the reported cases", () => {
  let visitorTarget: number;
  let member: Awaited<ReturnType<typeof createLoggedInMember>>;

  beforeAll(async () => {
    visitorTarget = (await createTestMember(await getDb())).profile.id;
    member = await createLoggedInMember(app, { credits: 100 });
  });

  const hugeIds = [String(MAX_ID + 1), "9223372036854775808", "-1", "0", "1.5", "1e3", "007", "x"];

  it.each(hugeIds)("answers the profile id %s with a 422 naming the field", async (id) => {
    for (const cookie of [undefined, member.cookie]) {
      const response = await send(`/api/profile.php?id=${id}`, { cookie });
      expect(response.status).toBe(422);
      expect((await response.json()).fields.id).toBe("Dieser Wert ist ungültig");
    }
  });

  it.each([
    ["POST", "/api/like.php"],
    ["POST", "/api/block.php"],
    ["POST", "/api/gift.php"],
  ])("refuses an id past 2^31 in %s %s with a 422", async (method, path) => {
    for (const id of [MAX_ID + 1, 2 ** 63, -1, 1.5]) {
      const response = await sendJson(method, path, { id, gift: "rose" }, member.cookie);
      expect(response.status).toBe(422);
      expect(Object.keys((await response.json()).fields)).toEqual(["id"]);
    }
  });

  it.each([
    ["DELETE", "/api/like.php"],
    ["DELETE", "/api/block.php"],
    ["DELETE", "/api/photos.php"],
  ])("refuses an id past 2^31 in %s %s?id= with a 422", async (method, path) => {
    for (const id of [String(MAX_ID + 1), "9223372036854775808", "1e3", "007"]) {
      const response = await send(`${path}?id=${id}`, { method, cookie: member.cookie });
      expect(response.status).toBe(422);
      expect(Object.keys((await response.json()).fields)).toEqual(["id"]);
    }
  });

  it("still accepts the largest id, which simply names no one", async () => {
    const response = await send(`/api/profile.php?id=${MAX_ID}`);
    expect(response.status).toBe(404);
    await expectProperAnswer(response);
  });

  it("refuses a first message to an id past 2^31 at signup", async () => {
    const response = await sendJson("POST", "/api/signup.php", {
      email: "first-message@example.com",
      name: "Kim",
      password: "a long and unusual passphrase",
      date_of_birth: "1990-01-01",
      signup_message: "Hello!",
      signup_message_to: MAX_ID + 1,
    });
    expect(response.status).toBe(422);
    expect(Object.keys((await response.json()).fields)).toEqual(["signup_message_to"]);
  });

  it.each([
    ["a crafted cursor (base64 of 1|1)", Buffer.from("1|1").toString("base64url")],
    ["a cursor that is not base64 of anything", "abc"],
    [
      "a cursor with an impossible date",
      Buffer.from("2026-02-30 10:00:00+00|5").toString("base64url"),
    ],
    [
      "a cursor with an id past 2^31",
      Buffer.from(`2026-01-01 10:00:00+00|${MAX_ID + 1}`).toString("base64url"),
    ],
    ["a cursor with a third part", Buffer.from("2026-01-01 10:00:00+00|5|6").toString("base64url")],
  ])("answers %s with a 422 on the cursor, for visitors and members", async (_, cursor) => {
    for (const cookie of [undefined, member.cookie]) {
      const response = await send(`/api/search.php?cursor=${cursor}`, { cookie });
      expect(response.status).toBe(422);
      expect((await response.json()).fields).toEqual({ cursor: "Dieser Wert ist ungültig" });
    }
  });

  it("pages on with a cursor the search itself made", async () => {
    const cursor = Buffer.from(`2026-01-01 10:00:00.123456+00|${visitorTarget}`).toString(
      "base64url",
    );
    const response = await send(`/api/search.php?cursor=${cursor}`);
    expect(response.status).toBe(200);
  });

  const withNul = "Ich reise gern und koche für Freunde.\u0000 Und ich lese viel, abends.";

  it("refuses a NUL byte in the profile text with a field message", async () => {
    const response = await sendJson(
      "PUT",
      "/api/profile.php",
      { step: 3, about: withNul },
      member.cookie,
    );
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toEqual({
      about: "Dieser Text enthält unsichtbare Zeichen, die nicht erlaubt sind",
    });
  });

  it("refuses a NUL byte in a complaint's name and message", async () => {
    const response = await sendJson("POST", "/api/complaints.php", {
      name: "Kim\u0000",
      email: "kim@example.com",
      category: "other",
      message: withNul,
    });
    expect(response.status).toBe(422);
    expect(Object.keys((await response.json()).fields).sort()).toEqual(["message", "name"]);
  });

  it("refuses a NUL byte in a signup message", async () => {
    const response = await sendJson("POST", "/api/signup.php", {
      email: "nul-message@example.com",
      name: "Kim",
      password: "a long and unusual passphrase",
      date_of_birth: "1990-01-01",
      signup_message: withNul,
      signup_message_to: visitorTarget,
    });
    expect(response.status).toBe(422);
    expect(Object.keys((await response.json()).fields)).toEqual(["signup_message"]);
  });

  it("keeps line breaks and tabs in texts of several lines", async () => {
    const about = "Ich reise gern.\r\n\tUnd ich koche für Freunde, am liebsten am Wochenende.";
    const response = await sendJson("PUT", "/api/profile.php", { step: 3, about }, member.cookie);
    expect(response.status).toBe(200);
    expect((await response.json()).about).toBe(about);
  });

  it.each([
    ["18.5", "Gib eine ganze Zahl ein"],
    ["abc", "Gib eine Zahl ein"],
    ["17", "Gib 18 oder mehr ein"],
    ["100", "Gib 99 oder weniger ein"],
  ])("says what is wrong with min_age=%s", async (value, message) => {
    const response = await send(`/api/search.php?min_age=${value}`);
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toEqual({ min_age: message });
  });

  it("says which option is wrong and which field is missing", async () => {
    const response = await sendJson("POST", "/api/complaints.php", {
      email: "kim@example.com",
      category: "nonsense",
      message: "Eine Beschwerde, die lang genug ist.",
    });
    expect((await response.json()).fields).toEqual({
      name: "Bitte fülle dieses Feld aus",
      category: "Wähle eine der angebotenen Möglichkeiten",
    });
  });

  it("answers malformed JSON with a translated 400", async () => {
    const response = await send("/api/like.php", {
      method: "POST",
      cookie: member.cookie,
      headers: { "content-type": "application/json" },
      body: "{ not json",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "bad_request",
      message:
        "Deine Anfrage konnte nicht gelesen werden. Lade die Seite neu und versuche es noch einmal.",
    });
  });

  it("answers a body in a type the call does not take with a translated 415", async () => {
    const response = await send("/api/like.php", {
      method: "POST",
      cookie: member.cookie,
      headers: { "content-type": "text/plain" },
      body: "id=1",
    });
    expect(response.status).toBe(415);
    expect((await response.json()).error).toBe("unsupported_media_type");
  });

  it.each([
    "/api/search.php?gender=%E0%A4%A",
    "/api/profile.php?id=%ZZ",
    "/api/search.php?country=%",
  ])("answers the malformed percent-encoding of %s with a 422", async (path) => {
    const response = await send(path);
    expect(response.status).toBe(422);
    await expectProperAnswer(response);
  });
});
