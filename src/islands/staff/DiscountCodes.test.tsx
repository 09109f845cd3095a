// A page on the real API: first, before React loads.
import "../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pickMessages } from "../../i18n/pick";
import { serveIslandApi } from "../../test/island-api";
import DiscountCodes, { DISCOUNT_CODES_MESSAGES } from "./DiscountCodes";

const api = serveIslandApi();
const SITES = [
  { id: "amora", name: "Amora", countries: ["nl", "de", "se"] },
  { id: "herzklopfen", name: "Herzklopfen", countries: ["de", "at", "nl"] },
];

async function renderScreen(locale: "en" | "de" = "en") {
  await api.signInNewStaff("admin", { language: locale });
  render(
    <DiscountCodes
      locale={locale}
      messages={pickMessages(locale, DISCOUNT_CODES_MESSAGES)}
      sites={SITES}
    />,
  );
}

const unique = () => `UI${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("the discount codes screen (issue 28 item 3)", () => {
  it("shows the built-in codes read only, with their usage", async () => {
    await renderScreen();
    const builtin = await screen.findByRole("table", { name: "Built-in codes" });
    const row = await within(builtin).findByRole("rowheader", { name: "TIMEBONUS25" });
    expect(row.closest("tr")?.textContent).toContain("25%");
    expect(within(builtin).queryByRole("button")).toBeNull();
  });

  it("shows a wrong field's translated message under it, then creates the code", async () => {
    await renderScreen("de");
    await screen.findByRole("table", { name: "Eingebaute Codes" });
    const code = unique();
    type("Code", code);
    type("Rabatt (%)", "95");
    type("Mindestbestellwert", "19,99");
    fireEvent.click(screen.getByRole("button", { name: "Code erstellen" }));
    const value = screen.getByLabelText("Rabatt (%)");
    await waitFor(() => expect(value.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Gib 90 oder weniger ein")).toBeTruthy();
    expect(screen.getByText("Wählen Sie die Währung des Mindestbestellwerts")).toBeTruthy();

    type("Rabatt (%)", "20");
    fireEvent.change(screen.getByLabelText("Währung"), { target: { value: "EUR" } });
    fireEvent.click(screen.getByLabelText("iDEAL"));
    fireEvent.click(screen.getByRole("button", { name: "Code erstellen" }));
    expect(await screen.findByText(`Der Code ${code} wurde erstellt.`)).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Rabattcodes, neueste zuerst" });
    const row = (await within(table).findByRole("rowheader", { name: code })).closest("tr");
    expect(row?.textContent).toMatch(/20\s%/);
    expect(row?.textContent).toMatch(/Mindestbestellwert: 19,99\s€/);
  });

  it("disables a code after asking why; cancelled, focus returns to its button", async () => {
    await renderScreen();
    const code = unique();
    await screen.findByRole("table", { name: "Built-in codes" });
    type("Code", code);
    type("Discount (%)", "10");
    fireEvent.click(screen.getByRole("button", { name: "Create the code" }));
    const button = await screen.findByRole("button", { name: `Disable ${code}` });
    button.focus();
    fireEvent.click(button);
    let dialog = await screen.findByRole("dialog", { name: `Disable ${code}?` });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(button));

    fireEvent.click(button);
    dialog = await screen.findByRole("dialog", { name: `Disable ${code}?` });
    fireEvent.change(within(dialog).getByLabelText("Reason"), {
      target: { value: "Posted on a coupon site" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Disable the code" }));
    const done = await screen.findByText(`Code ${code} is disabled.`);
    const row = screen.getByRole("rowheader", { name: code }).closest("tr");
    expect(row?.textContent).toContain("Disabled");
    expect(screen.queryByRole("button", { name: `Disable ${code}` })).toBeNull();
    await waitFor(() => expect(done.closest(".form-status")).toBe(document.activeElement));
  });
});
