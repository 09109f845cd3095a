import { describe, expect, it } from "vitest";
import type { OwnProfile } from "../../contract/profiles";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { latestBirthdateForAge } from "./age";

const app = createApp();

function save(cookie: string, body: unknown, host = "localhost") {
  return app.request("/api/profile.php", {
    method: "PUT",
    headers: { cookie, host, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("PUT /api/profile.php (the profile wizard)", () => {
  it("saves each step and resumes at the next one", async () => {
    const member = await createLoggedInMember(app, {
      profile: { gender: null, seeking: null, region: null, wizardStep: 0 },
    });
    const basics = await save(member.cookie, {
      step: 0,
      gender: "male",
      seeking: "female",
      country: "de",
      region: "DE-BY",
    });
    expect(basics.status).toBe(200);
    expect(await basics.json()).toMatchObject({
      gender: "male",
      country: "de",
      region: "DE-BY",
      wizard_step: 1,
    });

    await save(member.cookie, {
      step: 1,
      hair_color: "brown",
      eye_color: "green",
      body_type: "athletic",
      height: 184,
    });
    await save(member.cookie, {
      step: 2,
      relationship_status: "single",
      interests: ["hiking", "music"],
    });
    const about = await save(member.cookie, { step: 3, about: "  <b>Hello</b> from Munich!  " });
    expect(await about.json()).toMatchObject({
      about: "<b>Hello</b> from Munich!",
      wizard_step: 4,
    });
    // Going back to an earlier step does not move the wizard back.
    await save(member.cookie, { step: 1, height: 185 });
    const own = (await (
      await app.request("/api/profile.php", { headers: { cookie: member.cookie } })
    ).json()) as OwnProfile;
    expect(own).toMatchObject({
      hair_color: "brown",
      height: 185,
      relationship_status: "single",
      interests: ["hiking", "music"],
      wizard_step: 4,
    });
    const done = await save(member.cookie, { step: 4 });
    expect(await done.json()).toMatchObject({ wizard_step: 5 });
  });

  it("asks for the basics with translated field messages", async () => {
    const member = await createLoggedInMember(app, {
      language: "de",
      profile: { gender: null, seeking: null },
    });
    const response = await save(member.cookie, { step: 0, country: "de" });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(["gender", "seeking"]);
  });

  it("accepts only a region of the chosen country and a country of the site", async () => {
    const member = await createLoggedInMember(app);
    const wrongRegion = await save(member.cookie, { step: 0, country: "de", region: "PL-14" });
    expect(wrongRegion.status).toBe(422);
    expect(await wrongRegion.json()).toMatchObject({ fields: { region: expect.any(String) } });
    const wrongCountry = await save(member.cookie, { step: 0, country: "us" });
    expect(wrongCountry.status).toBe(422);
    const changed = await save(member.cookie, { step: 0, country: "pl" });
    expect(await changed.json()).toMatchObject({ country: "pl", region: null });
  });

  it("refuses a date of birth under the minimum age, an odd height and a too short text", async () => {
    const member = await createLoggedInMember(app);
    const young = await save(member.cookie, { step: 0, birthdate: latestBirthdateForAge(17) });
    expect(await young.json()).toMatchObject({
      fields: { birthdate: "You must be 18+ to sign up" },
    });
    expect((await save(member.cookie, { step: 1, height: 20 })).status).toBe(422);
    expect((await save(member.cookie, { step: 3, about: "Hi" })).status).toBe(422);
    expect((await save(member.cookie, { step: 3, about: "x".repeat(1501) })).status).toBe(422);
    expect((await save(member.cookie, { step: 3, about: "" })).status).toBe(200);
  });

  it("takes only the fields the site shows (visible_profile_fields)", async () => {
    const member = await createLoggedInMember(app, { siteId: "herzklopfen", host: "127.0.0.1" });
    const response = await save(
      member.cookie,
      { step: 1, body_type: "curvy", height: 170 },
      "127.0.0.1",
    );
    expect(await response.json()).toMatchObject({ body_type: null, height: 170 });
  });

  it("needs a login", async () => {
    expect((await app.request("/api/profile.php")).status).toBe(403);
    expect((await save("", { step: 0 })).status).toBe(403);
  });
});

describe("GET /api/regions.php, /api/interests.php and /api/geocode.php", () => {
  it("lists the ISO 3166-2 regions of the site's countries, sorted in the reader's language", async () => {
    const response = await app.request("/api/regions.php", { headers: { host: "127.0.0.1" } });
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    const { regions } = (await response.json()) as {
      regions: Record<string, { code: string; name: string }[]>;
    };
    expect(Object.keys(regions).sort()).toEqual(["at", "be", "de", "dk", "nl", "pl"]);
    expect(regions.de).toHaveLength(16);
    expect(regions.de).toContainEqual({ code: "DE-BY", name: "Bayern" });
    expect(regions.pl).toContainEqual({ code: "PL-14", name: "Mazowieckie" });
    const names = (regions.at ?? []).map((region) => region.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "de")));
  });

  it("lists the interests in the caller's language", async () => {
    const response = await app.request("/api/interests.php", { headers: { cookie: "locale=fr" } });
    const { interests } = (await response.json()) as { interests: { id: string; name: string }[] };
    expect(interests).toHaveLength(20);
    expect(interests).toContainEqual({ id: "travel", name: "Voyages" });
  });

  it("finds the country and region of a position without any network", async () => {
    const response = await app.request("/api/geocode.php?lat=48.137&lon=11.575");
    expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(await response.json()).toEqual({
      country: "de",
      region: "DE-BY",
      region_name: "Bayern",
      supported: true,
    });
    const sea = await app.request("/api/geocode.php?lat=45&lon=-30");
    expect(await sea.json()).toMatchObject({ country: null, region: null, supported: false });
    const elsewhere = await app.request("/api/geocode.php?lat=40.71&lon=-74.0");
    expect(await elsewhere.json()).toMatchObject({ country: "us", supported: false });
    expect((await app.request("/api/geocode.php?lat=100&lon=0")).status).toBe(422);
  });
});
