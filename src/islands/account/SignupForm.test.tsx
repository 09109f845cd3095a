// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { catalogues } from "../../i18n/catalogues";
import { locales } from "../../i18n/locales";
import { pickMessages } from "../../i18n/pick";
import SignupForm from "./SignupForm";

afterEach(cleanup);

function renderForm(locale: (typeof locales)[number]) {
  return render(
    <SignupForm
      locale={locale}
      messages={pickMessages(locale, ["signup.", "error.", "validation.", "memberLanding."])}
      minAge={18}
      maxBirthdate="2008-01-01"
    />,
  );
}

describe("SignupForm's consent sentence", () => {
  it("links the terms and the privacy policy, opening them in a new tab that says so", () => {
    renderForm("en");
    const sentence = screen.getByText(/By signing up you confirm that you are 18 or older/);
    expect(sentence.textContent).toBe(
      "By signing up you confirm that you are 18 or older and accept our terms (opens in a new tab) and privacy policy (opens in a new tab).",
    );
    const terms = within(sentence).getByRole("link", { name: "terms (opens in a new tab)" });
    expect(terms.getAttribute("href")).toBe("/en/terms");
    expect(terms.getAttribute("target")).toBe("_blank");
    expect(terms.getAttribute("rel")).toBe("noopener");
    const privacy = within(sentence).getByRole("link", {
      name: "privacy policy (opens in a new tab)",
    });
    expect(privacy.getAttribute("href")).toBe("/en/privacy");
  });

  it.each(locales)("keeps the %s sentence whole, with both links in its own words", (locale) => {
    const { container } = renderForm(locale);
    const links = [...container.querySelectorAll<HTMLAnchorElement>("p.field-hint a")];
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      `/${locale}/terms`,
      `/${locale}/privacy`,
    ]);
    const sentence = links[0]?.closest("p")?.textContent ?? "";
    const newTab = catalogues[locale]["signup.opensInNewTab"] ?? "";
    // Without the screen-reader hints, the visible sentence is the catalogue's, tags removed.
    const expected = (catalogues[locale]["signup.terms"] ?? "")
      .replace("{min_age}", "18")
      .replace(/<\/?\w+>/g, "");
    expect(sentence.replaceAll(` ${newTab}`, "")).toBe(expected);
    expect(sentence).not.toContain("<");
  });
});
