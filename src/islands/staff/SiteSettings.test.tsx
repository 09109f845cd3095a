// A page on the real API: first, before React loads.
import "../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pickMessages } from "../../i18n/pick";
import { serveIslandApi } from "../../test/island-api";
import SiteSettings, { SITE_SETTINGS_MESSAGES } from "./SiteSettings";

const api = serveIslandApi();
const SITES = [
  { id: "amora", name: "Amora" },
  { id: "herzklopfen", name: "Herzklopfen" },
];

async function renderScreen(locale: "en" | "de" = "en") {
  await api.signInNewStaff("admin", { language: locale });
  render(
    <SiteSettings
      locale={locale}
      messages={pickMessages(locale, SITE_SETTINGS_MESSAGES)}
      sites={SITES}
    />,
  );
}

describe("the site settings screen (issue 28 item 2)", () => {
  it("keeps what was typed with the translated message under its field, then saves", async () => {
    await renderScreen("de");
    fireEvent.change(screen.getByLabelText("Website"), { target: { value: "herzklopfen" } });
    const costs = await screen.findByRole("form", { name: "Kosten in Credits" });
    const perMessage = within(costs).getByLabelText("Credits pro Nachricht");
    await waitFor(() => expect((perMessage as HTMLInputElement).value).toBe("10"));
    fireEvent.change(perMessage, { target: { value: "-3" } });
    fireEvent.click(within(costs).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(perMessage.getAttribute("aria-invalid")).toBe("true"));
    expect((perMessage as HTMLInputElement).value).toBe("-3");
    expect(within(costs).getByText("Gib 0 oder mehr ein")).toBeTruthy();

    fireEvent.change(perMessage, { target: { value: "12" } });
    fireEvent.click(within(costs).getByRole("button", { name: "Speichern" }));
    expect(await within(costs).findByText(/^Kosten in Credits gespeichert/)).toBeTruthy();
    await waitFor(() => expect((perMessage as HTMLInputElement).value).toBe("12"));
    expect(screen.getByText(/^Zuletzt geändert/)).toBeTruthy();
  });

  it("asks before it changes prices, and saves them when confirmed", async () => {
    await renderScreen();
    const packages = await screen.findByRole("form", { name: "Packages and prices" });
    const price = within(packages).getByLabelText("Package 1: price in EUR");
    await waitFor(() => expect((price as HTMLInputElement).value).toBe("9.99"));
    fireEvent.change(price, { target: { value: "11,49" } });
    fireEvent.click(within(packages).getByRole("button", { name: "Save" }));
    const dialog = await screen.findByRole("dialog", { name: "Change the packages and prices?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Change prices" }));
    expect(await within(packages).findByText(/^Packages and prices saved/)).toBeTruthy();
    await waitFor(() => expect((price as HTMLInputElement).value).toBe("11.49"));
  });

  it("adds a package, with its fields' messages until it is complete, and takes it out", async () => {
    await renderScreen();
    fireEvent.change(screen.getByLabelText("Site"), { target: { value: "herzklopfen" } });
    const packages = await screen.findByRole("form", { name: "Packages and prices" });
    const ids = () =>
      within(packages)
        .getAllByRole("group")
        .map((group) => group.querySelector("legend")?.textContent);
    await waitFor(() => expect(ids().length).toBeGreaterThan(1));
    const before = ids();
    const next = Math.max(...before.map((legend) => Number(legend?.split(" ")[1]))) + 1;
    fireEvent.click(within(packages).getByRole("button", { name: "Add a package" }));
    const added = within(packages).getByRole("group", { name: `Package ${next}` });
    const credits = within(added).getByLabelText(`Package ${next}: credits`);
    expect(document.activeElement).toBe(credits);
    const confirmSave = async () => {
      fireEvent.click(within(packages).getByRole("button", { name: "Save" }));
      const dialog = await screen.findByRole("dialog", { name: "Change the packages and prices?" });
      fireEvent.click(within(dialog).getByRole("button", { name: "Change prices" }));
    };
    // Saved empty: refused, each message under the new package's own fields.
    await confirmSave();
    await waitFor(() => expect(credits.getAttribute("aria-invalid")).toBe("true"));
    fireEvent.change(credits, { target: { value: "750" } });
    for (const price of within(added).getAllByLabelText(/price in/)) {
      fireEvent.change(price, { target: { value: "59,99" } });
    }
    await confirmSave();
    expect(await within(packages).findByText(/^Packages and prices saved/)).toBeTruthy();
    await waitFor(() => expect(ids()).toEqual([...before, `Package ${next}`]));
    // Taken out again: the add button has the focus, and the saved list is the one before.
    fireEvent.click(within(packages).getByRole("button", { name: `Take out package ${next}` }));
    expect(document.activeElement).toBe(
      within(packages).getByRole("button", { name: "Add a package" }),
    );
    await confirmSave();
    await waitFor(() => expect(ids()).toEqual(before));
  });
});
