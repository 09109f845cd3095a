import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { balanceOf, chatCalls } from "../../test/chat";
import { makePhoneJpeg } from "../../test/images";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { users } from "../users/schema";

const app = createApp();
const { call, open, sendImage } = chatCalls(app);

describe("image messages (spec §2)", () => {
  it("sends a re-encoded photo for photo_credits, blurred for the recipient until opened", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 20 });
    const bob = await createLoggedInMember(app);
    const carol = await createLoggedInMember(app, { paidUser: true });
    const conversation = await open(alice, bob);
    const sent = await sendImage(alice, conversation, await makePhoneJpeg());
    expect(sent.status).toBe(200);
    const answer = await sent.json();
    expect(answer.credits).toBe(15);
    expect(answer.message).toMatchObject({
      kind: "image",
      from_me: true,
      image: { locked: false },
    });
    const own = await app.request(answer.message.image.url);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/webp");

    const page = await (
      await call("GET", `/api/messages.php?conversation=${conversation}`, bob.cookie)
    ).json();
    const [image] = page.messages;
    expect(image.image).toMatchObject({ locked: true, url: null });
    expect((await app.request(image.image.blurred)).status).toBe(200);
    // Free members see it blurred (spec §1): opening it is premium.
    const refused = await call("POST", "/api/chat-image-open.php", bob.cookie, {
      message: image.id,
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("premium_required");
    // Nobody else can open it.
    expect(
      (await call("POST", "/api/chat-image-open.php", carol.cookie, { message: image.id })).status,
    ).toBe(404);
    expect(
      (await call("POST", "/api/chat-image-open.php", alice.cookie, { message: image.id })).status,
    ).toBe(404);

    const db = await getDb();
    await db.update(users).set({ paidUser: true }).where(eq(users.id, bob.user.id));
    const opened = await call("POST", "/api/chat-image-open.php", bob.cookie, {
      message: image.id,
    });
    expect(opened.status).toBe(200);
    const { message } = await opened.json();
    expect(message.image.locked).toBe(false);
    expect((await app.request(message.image.url)).status).toBe(200);
  });

  it("keeps the sender's framing of a landscape photo and sends its size with the message", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 20 });
    const bob = await createLoggedInMember(app);
    const conversation = await open(alice, bob);
    // Stored 600×800 and turned by its EXIF: upright it is 800×600, landscape.
    const sent = await sendImage(alice, conversation, await makePhoneJpeg(600, 800));
    expect(sent.status).toBe(200);
    const { message } = await sent.json();
    expect(message.image).toMatchObject({ width: 720, height: 540 });
    const file = await app.request(message.image.url);
    const stored = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 720, height: 540 });

    // The recipient's list tells the size too, and the blurred stand-in has the same shape.
    const page = await (
      await call("GET", `/api/messages.php?conversation=${conversation}`, bob.cookie)
    ).json();
    const [received] = page.messages;
    expect(received.image).toMatchObject({ locked: true, width: 720, height: 540 });
    const blurred = await app.request(received.image.blurred);
    const blur = await sharp(Buffer.from(await blurred.arrayBuffer())).metadata();
    expect((blur.width ?? 0) / (blur.height ?? 1)).toBeCloseTo(720 / 540, 2);
  });

  it("refuses what is not an image, and charges nothing for it", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 20 });
    const bob = await createLoggedInMember(app);
    const conversation = await open(alice, bob);
    const refused = await sendImage(alice, conversation, new TextEncoder().encode("not an image"));
    expect(refused.status).toBe(422);
    expect(await balanceOf(alice)).toBe(20);
    const poor = await createLoggedInMember(app, { paidUser: true, credits: 2 });
    const other = await open(poor, bob);
    const broke = await sendImage(poor, other, await makePhoneJpeg());
    expect(broke.status).toBe(402);
    expect(await balanceOf(poor)).toBe(2);
  });
});
