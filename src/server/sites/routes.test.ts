import { describe, expect, it } from "vitest";
import { createApp } from "../app";

const app = createApp();

/** Every settings field spec §3 names. */
const SPEC_FIELDS = [
  "countries",
  "name",
  "index_title",
  "description",
  "visible_profile_fields",
  "visible_profile_notes",
  "geoip_country",
  "geoip_selected_country",
  "cdn_prefix",
  "message_credits",
  "signup_credits",
  "photo_credits",
  "gift_credits",
  "message_length",
  "minimum_message_costs",
  "support_email",
  "support_phone",
  "enable_site_entry_popup",
  "push_public_key",
  "search_fields",
  "domain",
  "domain_language",
  "fictional_warning",
  "fictional_singular",
  "fictional_plural",
  "fictional_icon",
  "refund_days",
  "signups",
  "logged_out_search",
  "logged_out_search_trafficsource",
  "member_resell",
  "niche",
  "company_id",
  "mail_name",
];

describe("GET /api/settings.php", () => {
  it("answers every settings field of spec §3 for the default site", async () => {
    const response = await app.request("/api/settings.php", {
      headers: { host: "localhost:4321" },
    });
    expect(response.status).toBe(200);
    const settings = await response.json();
    for (const field of SPEC_FIELDS) expect(settings, field).toHaveProperty([field]);
    expect(settings).toMatchObject({
      name: "Amora",
      domain: "localhost",
      domain_language: "en-GB",
      index_title: "Amora – dating and chat for singles",
    });
  });

  it("picks the site by the request's Host", async () => {
    const response = await app.request("/api/settings.php", {
      headers: { host: "127.0.0.1:4321" },
    });
    const settings = await response.json();
    expect(settings).toMatchObject({
      name: "Herzklopfen",
      domain_language: "de-DE",
      index_title: "Herzklopfen – Singles treffen und chatten",
      logged_out_search: false,
    });
    // Texts are in the site's language (design §5: domain_language before Accept-Language).
    expect(settings.fictional_singular).toBe("Fiktives Profil");
  });

  it("answers for a forced domain, as the original client asks", async () => {
    const response = await app.request("/api/settings.php?domain=127.0.0.1", {
      headers: { host: "localhost" },
    });
    expect((await response.json()).name).toBe("Herzklopfen");
  });

  it("gives unknown hosts the default site", async () => {
    const response = await app.request("/api/settings.php", {
      headers: { host: "unknown.example" },
    });
    expect((await response.json()).name).toBe("Amora");
  });

  it("reports the country a proxy tells and selects it when the site serves it", async () => {
    const response = await app.request("/api/settings.php", {
      headers: { host: "localhost", "cf-ipcountry": "SE" },
    });
    const settings = await response.json();
    expect(settings.geoip_country).toBe("se");
    expect(settings.geoip_selected_country).toBe("se");
  });

  it("refuses a malformed country with 422", async () => {
    const response = await app.request("/api/settings.php?country=Sweden");
    expect(response.status).toBe(422);
    expect((await response.json()).error).toBe("validation");
  });
});

describe("GET /api/companyinfo.php", () => {
  it("answers the company with the support phone cleaned of hyphens and spaces", async () => {
    const response = await app.request("/api/companyinfo.php");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: "Amora Media B.V.",
      support_phone: "+31201234567",
      vat_numbers: ["NL862345678B01"],
      added: "2024-03-15",
    });
  });
});

describe("the API", () => {
  it("answers unknown API paths with a translated 404 in the design §6 shape", async () => {
    const response = await app.request("/api/nothing-here.php", {
      headers: { cookie: "locale=fr" },
    });
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body.error).toBe("not_found");
    expect(body.message).not.toBe("This address is not part of our API");
  });

  it("publishes an OpenAPI document of its calls", async () => {
    const response = await app.request("/api/openapi.json");
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/user.php",
        "/logout.php",
        "/settings.php",
        "/companyinfo.php",
        "/search.php",
        "/profile.php",
      ]),
    );
  });

  it("sends security headers and no-store on API answers", async () => {
    const response = await app.request("/api/settings.php");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
