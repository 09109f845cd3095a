// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PREMIUM_FEATURES } from "../../contract/premium";
import { locales } from "../../i18n/locales";
import { pickMessages } from "../../i18n/pick";
import PremiumAlert, { PREMIUM_ALERT_MESSAGES } from "./PremiumAlert";

afterEach(cleanup);

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
});

function show(feature: (typeof PREMIUM_FEATURES)[number], locale: (typeof locales)[number] = "en") {
  render(
    <PremiumAlert
      locale={locale}
      messages={pickMessages(locale, PREMIUM_ALERT_MESSAGES)}
      open
      feature={feature}
      onClose={() => {}}
    />,
  );
  return screen.getByRole("dialog");
}

describe("the premium alert (issue 13: one for every premium-only feature)", () => {
  it("says why the member was stopped, what premium gives, and leads to the premium page", () => {
    const dialog = show("swipe");
    expect(dialog.getAttribute("aria-labelledby")).toBeTruthy();
    expect(dialog.textContent).toContain("You've used today's 4 likes in the swipe game.");
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "see every photo of every member",
      "can upload up to 25 photos",
      "can write to as many members as you like",
      "can like without a daily limit in the swipe game",
      "have a 46% higher chance of a match",
    ]);
    expect(screen.getByRole("link", { name: "See premium" }).getAttribute("href")).toBe("/premium");
  });

  it("has a reason for every feature in every language, none left as a key", () => {
    for (const locale of locales) {
      for (const feature of PREMIUM_FEATURES) {
        const dialog = show(feature, locale);
        expect(dialog.textContent).not.toMatch(/premium\.alert\./);
        expect(dialog.querySelector("p")?.textContent?.length).toBeGreaterThan(20);
        cleanup();
      }
    }
  });
});
