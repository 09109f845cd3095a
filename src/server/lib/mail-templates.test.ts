import { describe, expect, it } from "vitest";
import { locales } from "../../i18n/locales";
import { defaultSite } from "../sites/registry";
import { MAIL_TEMPLATES, renderMail } from "./mail-templates";

describe("renderMail", () => {
  it("keeps a member's name as text in the HTML", () => {
    const mail = renderMail({
      template: MAIL_TEMPLATES.activation,
      locale: "en",
      site: defaultSite,
      to: "kim@test.example",
      name: '<img src=x onerror="alert(1)">',
      url: "https://amora.example/api/activate.php?token=abc",
      params: { hours: 48 },
    });
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mail.text).toContain("https://amora.example/api/activate.php?token=abc");
  });

  it.each(locales)("writes every template in %s, with the site's name", (locale) => {
    for (const template of Object.values(MAIL_TEMPLATES)) {
      const mail = renderMail({
        template,
        locale,
        site: defaultSite,
        to: "kim@test.example",
        name: "Kim",
        url: "https://amora.example/x",
        params: {
          hours: 48,
          name: "Mia",
          days: 14,
          count: 2,
          order: 7,
          reason: "nudity",
          until: "1 May 2027",
        },
      });
      expect(mail.subject).toContain("Amora");
      expect(mail.html).toContain(`lang="${locale}"`);
      expect(mail.text).not.toMatch(/\{\w+\}/);
      expect(mail.html).not.toMatch(/\{\w+\}/);
    }
  });
});
