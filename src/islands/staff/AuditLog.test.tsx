// A page on the real API: first, before React loads.
import "../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pickMessages } from "../../i18n/pick";
import { serveIslandApi } from "../../test/island-api";
import AuditLog from "./AuditLog";

const api = serveIslandApi();

function renderLog() {
  render(
    <AuditLog
      locale="en"
      messages={pickMessages("en", [
        "staff.console.audit.",
        "staff.console.target.",
        "staff.console.role.",
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
    expect(within(row).getByText("staff.add")).toBeTruthy();
    expect(row.textContent).toContain(`Staff account #${admin.id}`);
    expect(row.textContent).toContain("Command line");
    expect(row.textContent).toContain(`email: Before – → After "${admin.email}"`);
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
