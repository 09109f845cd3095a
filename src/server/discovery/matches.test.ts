import { describe, expect, it } from "vitest";
import { memberCaller } from "../../test/api";
import { runJobsNamed } from "../../test/jobs";
import { createLoggedInMember } from "../../test/members";
import { findMailsTo } from "../../test/outbox";
import { createApp } from "../app";
import { matchMailJob } from "../likes/job-types";
import { MATCH_MAIL_DELAY_MS } from "../likes/service";
import { createMediaSigner } from "../photos/media-url";
import { getSiteById } from "../sites/registry";
import { getReadyDb } from "../startup";
import { findUnseenMatch } from "./matches";

const app = createApp();
type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

/** A member's JSON call (src/test/api.ts). */
const call = memberCaller(app);

async function like(from: Member, to: Member) {
  expect((await call("POST", "/api/like.php", from.cookie, { id: to.profile.id })).status).toBe(
    200,
  );
}

async function unseenMatchOf(member: Member) {
  const site = getSiteById(member.user.siteId);
  return findUnseenMatch(await getReadyDb(), member.profile.id, {
    media: createMediaSigner(site, member.user),
    locale: "en",
  });
}

async function markSeen(member: Member, other: Member) {
  const answer = await call("POST", "/api/match-seen.php", member.cookie, { id: other.profile.id });
  expect(answer.status).toBe(200);
}

/** The match e-mails' jobs, run once their delay has passed. */
function runMatchMails() {
  return runJobsNamed([matchMailJob.name], new Date(Date.now() + MATCH_MAIL_DELAY_MS + 1000));
}

async function matchMailsTo(member: Member) {
  return (await findMailsTo(member.email)).filter((mail) => mail.kind === "match");
}

describe("a match the member has not been shown (issue 13: 'It's a match' on the next page)", () => {
  it("waits for each member until their page shows it, then is not shown again", async () => {
    const bob = await createLoggedInMember(app, { profile: { name: "Bob" } });
    const alice = await createLoggedInMember(app, { profile: { name: "Alice" } });
    await like(bob, alice);
    expect(await unseenMatchOf(bob)).toBeNull();
    await like(alice, bob);

    const forBob = await unseenMatchOf(bob);
    expect(forBob).toMatchObject({ id: alice.profile.id, name: "Alice" });
    expect((await unseenMatchOf(alice))?.id).toBe(bob.profile.id);

    await markSeen(bob, alice);
    expect(await unseenMatchOf(bob)).toBeNull();
    // Each side is its own: Alice's dialog is still to come.
    expect((await unseenMatchOf(alice))?.id).toBe(bob.profile.id);
    await markSeen(alice, bob);
    expect(await unseenMatchOf(alice)).toBeNull();
  });

  it("shows the oldest first, and none with a member blocked since or no match any more", async () => {
    const me = await createLoggedInMember(app);
    const [first, second, third] = [
      await createLoggedInMember(app),
      await createLoggedInMember(app),
      await createLoggedInMember(app),
    ];
    for (const other of [first, second, third]) {
      await like(me, other);
      await like(other, me);
    }
    expect((await unseenMatchOf(me))?.id).toBe(first.profile.id);
    // Unliking undoes the match; blocking hides the member either way.
    expect((await call("DELETE", `/api/like.php?id=${first.profile.id}`, me.cookie)).status).toBe(
      200,
    );
    expect((await unseenMatchOf(me))?.id).toBe(second.profile.id);
    expect(
      (await call("POST", "/api/block.php", second.cookie, { id: me.profile.id })).status,
    ).toBe(200);
    expect((await unseenMatchOf(me))?.id).toBe(third.profile.id);
  });

  it("is marked seen by its member only, and bad input is refused, never a 500", async () => {
    const [ann, ben, eve] = [
      await createLoggedInMember(app),
      await createLoggedInMember(app),
      await createLoggedInMember(app),
    ];
    await like(ann, ben);
    await like(ben, ann);
    // Eve is no part of the match: her call changes nothing of Ann's or Ben's.
    await markSeen(eve, ann);
    await markSeen(eve, ben);
    expect((await unseenMatchOf(ann))?.id).toBe(ben.profile.id);
    expect((await unseenMatchOf(ben))?.id).toBe(ann.profile.id);

    expect((await call("POST", "/api/match-seen.php", "", { id: ann.profile.id })).status).toBe(
      403,
    );
    for (const id of [0, -1, 2 ** 31, "1\u0000", null]) {
      const answer = await call("POST", "/api/match-seen.php", ben.cookie, { id });
      expect(answer.status).toBe(422);
      expect((await answer.json()).error).toBe("validation");
    }
  });
});

describe("the match e-mail (issue 13)", () => {
  it("reaches the member who was away, in their language, once a pair; not the one who answered", async () => {
    const bob = await createLoggedInMember(app, { language: "de", profile: { name: "Bob" } });
    const alice = await createLoggedInMember(app, { profile: { name: "Alice" } });
    await like(bob, alice);
    await like(alice, bob);
    // Not before the delay: a member on the site sees the dialog first.
    await runJobsNamed([matchMailJob.name]);
    expect(await matchMailsTo(bob)).toEqual([]);
    await runMatchMails();

    const [mail, ...more] = await matchMailsTo(bob);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Es ist ein Match: du und Alice auf Amora");
    expect(mail?.text).toContain(`/members/${alice.profile.id}`);
    expect(mail?.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(await matchMailsTo(alice)).toEqual([]);

    // Unliking and liking again is no new e-mail.
    await call("DELETE", `/api/like.php?id=${bob.profile.id}`, alice.cookie);
    await like(alice, bob);
    await runMatchMails();
    expect(await matchMailsTo(bob)).toHaveLength(1);
  });

  it("is not sent once the dialog was shown, after an opt-out of likes, or after a block", async () => {
    const alice = await createLoggedInMember(app);
    const seen = await createLoggedInMember(app);
    const optedOut = await createLoggedInMember(app);
    const blocked = await createLoggedInMember(app);
    expect(
      (
        await call("PUT", "/api/notifications.php", optedOut.cookie, {
          notifications_disabled: ["like"],
        })
      ).status,
    ).toBe(200);
    for (const member of [seen, optedOut, blocked]) {
      await like(member, alice);
      await like(alice, member);
    }
    await markSeen(seen, alice);
    expect(
      (await call("POST", "/api/block.php", blocked.cookie, { id: alice.profile.id })).status,
    ).toBe(200);
    await runMatchMails();
    for (const member of [seen, optedOut, blocked]) {
      expect(await matchMailsTo(member)).toEqual([]);
    }
  });
});
