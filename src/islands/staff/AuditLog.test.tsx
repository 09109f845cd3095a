// A page on the real API: first, before React loads.
import "../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pickMessages } from "../../i18n/pick";
import { serveIslandApi } from "../../test/island-api";
import AuditLog from "./AuditLog";
import { codeLabelPrefixes } from "./code-labels";

const api = serveIslandApi();

function renderLog(locale: "en" | "de" = "en") {
  render(
    <AuditLog
      locale={locale}
      messages={pickMessages(locale, [
        "staff.console.audit.",
        ...codeLabelPrefixes("auditAction", "auditTarget", "staffRole"),
        "error.",
        "validation.",
      ])}
    />,
  );
}

describe("the audit log screen (design §13)", () => {
  it("lists the log newest first and filters it by target, before and after readable", async () => {
    const admin = await api.signInNewStaff("admin");
    renderLog();
    await screen.findByRole("table", { name: "Audit log" });
    expect(api.calls).toEqual(["GET /api/staff/audit"]);

    fireEvent.change(screen.getByLabelText("Target type"), { target: { value: "staff" } });
    fireEvent.input(screen.getByLabelText("Target id"), { target: { value: String(admin.id) } });
    fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
    const row = screen.getAllByRole("row")[1] as HTMLElement;
    const action = within(row).getAllByRole("cell")[2] as HTMLElement;
    expect(action.textContent).toBe("Staff account addedstaff.add");
    expect(within(action).getByText("staff.add").tagName).toBe("CODE");
    expect(row.textContent).toContain(`Staff account #${admin.id}`);
    expect(row.textContent).toContain("Command line");
    expect(row.textContent).toContain(`email: Before – → After "${admin.email}"`);
  });

  it("names actions and targets in German, the code kept for the filter", async () => {
    const admin = await api.signInNewStaff("admin");
    renderLog("de");
    await screen.findByRole("table", { name: "Audit-Protokoll" });
    fireEvent.change(screen.getByLabelText("Art des Ziels"), { target: { value: "staff" } });
    fireEvent.input(screen.getByLabelText("Ziel-ID"), { target: { value: String(admin.id) } });
    fireEvent.click(screen.getByRole("button", { name: "Filter anwenden" }));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
    const row = screen.getAllByRole("row")[1] as HTMLElement;
    expect(row.textContent).toContain("Mitarbeiterkonto angelegt");
    expect(row.textContent).toContain(`Mitarbeiterkonto #${admin.id}`);
    expect(within(row).getByText("staff.add")).toBeTruthy();
  });

  it("shows the server's message for a filter it refuses", async () => {
    await api.signInNewStaff("admin");
    renderLog();
    await screen.findByRole("table", { name: "Audit log" });
    fireEvent.input(screen.getByLabelText("Action"), { target: { value: "NOT VALID" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    expect((await screen.findByRole("alert")).textContent).not.toBe("");
  });
});
