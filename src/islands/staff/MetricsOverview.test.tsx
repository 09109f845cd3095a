// A page on the real API: first, before React loads.
import "../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { pickMessages } from "../../i18n/pick";
import { serveIslandApi } from "../../test/island-api";
import { addDays, storeMetricRows, utcDay } from "../../test/metrics";
import MetricsOverview, { METRICS_OVERVIEW_MESSAGES } from "./MetricsOverview";

const api = serveIslandApi();
const SITES = [
  { id: "amora", name: "Amora" },
  { id: "herzklopfen", name: "Herzklopfen" },
];
const today = utcDay(new Date());
const yesterday = addDays(today, -1);

beforeAll(async () => {
  await storeMetricRows("herzklopfen", [
    [yesterday, "signups", 12],
    [yesterday, "activations", 9],
    [today, "signups", 5],
    [yesterday, "revenue", 4999, "EUR"],
    [yesterday, "inbox_first_response", 150],
  ]);
});

async function renderScreen(locale: "en" | "de" = "en") {
  await api.signInNewStaff("admin", { language: locale });
  render(
    <MetricsOverview
      locale={locale}
      messages={pickMessages(locale, METRICS_OVERVIEW_MESSAGES)}
      sites={SITES}
      today={today}
    />,
  );
}

describe("the console's home (issue 28 item 4)", () => {
  it("shows each chart's numbers as a table, and the totals", async () => {
    await renderScreen();
    // The last 30 days of the first site, then the second's.
    await screen.findByRole("table", { name: "Members" });
    fireEvent.change(screen.getByLabelText("Site"), { target: { value: "herzklopfen" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    const day = new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(
      new Date(`${yesterday}T12:00:00Z`),
    );
    const cells = () => {
      const table = screen.getByRole("table", { name: "Members" });
      const row = within(table).getByRole("rowheader", { name: day }).closest("tr");
      return within(row as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    };
    await waitFor(() => expect(cells()).toEqual(["12", "9", "0"]));
    const members = screen.getByRole("table", { name: "Members" });
    const columns = within(members)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(columns).toEqual(["Day (UTC)", "Signups", "Activations", "Active members"]);
    const revenue = screen.getByRole("table", { name: "Net revenue in EUR" });
    expect(revenue.textContent).toContain("€49.99");
    const inbox = screen.getByRole("table", { name: "Inbox: time to first reply" });
    const waited = within(inbox).getByRole("rowheader", { name: day }).closest("tr");
    expect(within(waited as HTMLElement).getByRole("cell").textContent).toBe("2.5 min");
    const waitingNow = screen.getByText("Waiting now in the inbox (median wait)");
    expect(waitingNow.nextElementSibling?.textContent).toBe("nobody waiting");
    expect(screen.getByText(/UTC days/)).toBeTruthy();
  });

  it("shows the server's message under a date that does not fit, in German", async () => {
    await renderScreen("de");
    await screen.findByRole("table", { name: "Mitglieder" });
    fireEvent.change(screen.getByLabelText("Von"), { target: { value: addDays(today, 1) } });
    fireEvent.click(screen.getByRole("button", { name: "Anzeigen" }));
    const to = screen.getByLabelText("Bis");
    await waitFor(() => expect(to.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Das Enddatum darf nicht vor dem Startdatum liegen.").id).toBe(
      "metrics-to-error",
    );
  });
});
