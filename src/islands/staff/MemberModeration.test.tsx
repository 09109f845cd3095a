// A page on the real API: first, before React loads.
import "../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { StaffRole } from "../../contract/staff-options";
import { pickMessages } from "../../i18n/pick";
import { serveIslandApi } from "../../test/island-api";
import type { MemberScreenPermission } from "./MemberActions";
import MemberModerationScreen from "./MemberModerationScreen";
import MemberScreen from "./MemberScreen";
import { MODERATION_PERMISSIONS } from "./ModerationForms";

const api = serveIslandApi();

const messages = (locale: "en" | "de") =>
  pickMessages(locale, [
    "staff.console.member.",
    "staff.console.action.",
    "common.close",
    "error.",
    "validation.",
  ]);

/** What the page gives a moderator: the account actions on the moderation screen. */
async function renderForModerator(locale: "en" | "de" = "en") {
  const staff = await api.signInNewStaff("moderator", { language: locale });
  const member = await api.createMember({ profile: { name: "Greta" } });
  render(
    <MemberModerationScreen
      locale={locale}
      messages={messages(locale)}
      memberId={member.user.id}
      allowed={MODERATION_PERMISSIONS}
    />,
  );
  await screen.findByRole("heading", { level: 1, name: /Greta/ });
  return { staff, member };
}

/** Support's screen, as the page gives it to a role. */
async function renderMemberScreen(role: StaffRole, allowed: MemberScreenPermission[]) {
  await api.signInNewStaff(role, { language: "en" });
  const member = await api.createMember({ profile: { name: "Hanna" } });
  render(
    <MemberScreen
      locale="en"
      messages={messages("en")}
      memberId={member.user.id}
      allowed={allowed}
    />,
  );
  await screen.findByRole("heading", { level: 1, name: /Hanna/ });
  return member;
}

const form = (name: string) => screen.getByRole("form", { name });

function typeReason(name: string, reason: string) {
  fireEvent.input(within(form(name)).getByLabelText("Reason"), { target: { value: reason } });
}

const state = () => screen.getByTestId("member-sanction").textContent;

describe("a member's moderation on their screen (issue 27 item 4)", () => {
  it("lets a moderator warn, suspend, lift and ban; state and strikes follow", async () => {
    const { staff } = await renderForModerator();
    const section = screen.getByRole("region", { name: "Moderation" });
    expect(state()).toBe("Active");
    expect(within(section).getByText("No strikes yet.")).toBeTruthy();
    // Nothing to lift yet.
    expect(screen.queryByRole("form", { name: "Lift the ban or suspension" })).toBeNull();

    typeReason("Warn", "Rude opening lines");
    fireEvent.click(within(form("Warn")).getByRole("button", { name: "Send the warning" }));
    await waitFor(() =>
      expect(within(section).getByRole("status").textContent).toBe("The member has been warned."),
    );
    const strikes = within(section).getByRole("table", { name: "Strikes" });
    const firstRow = () => within(strikes).getAllByRole("row")[1] as HTMLElement;
    expect(within(firstRow()).getByText("Warning")).toBeTruthy();
    expect(within(firstRow()).getByText("Rude opening lines")).toBeTruthy();
    expect(within(firstRow()).getByText(`Staff #${staff.id}`)).toBeTruthy();

    fireEvent.input(within(form("Suspend")).getByLabelText("Days"), { target: { value: "3" } });
    typeReason("Suspend", "Insults");
    fireEvent.click(within(form("Suspend")).getByRole("button", { name: "Suspend" }));
    await waitFor(() => expect(state()).toMatch(/^Suspended until /));
    const end = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const endDate = new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(end);
    expect(state()).toContain(endDate);
    expect(within(strikes).getAllByRole("row")).toHaveLength(3);
    expect(within(firstRow()).getByText("Suspension")).toBeTruthy();

    typeReason("Lift the ban or suspension", "Appeal granted");
    fireEvent.click(
      within(form("Lift the ban or suspension")).getByRole("button", { name: "Lift" }),
    );
    await waitFor(() => expect(state()).toBe("Active"));
    expect(within(firstRow()).getByText("Lifted")).toBeTruthy();

    typeReason("Ban", "Scam messages");
    const ban = within(form("Ban")).getByRole("button", { name: "Ban…" });
    ban.focus();
    fireEvent.click(ban);
    let dialog = await screen.findByRole("dialog", { name: "Ban this member?" });
    expect(within(dialog).getByText(/Greta will be logged out at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(ban));
    expect(api.calls.filter((call) => call.endsWith("/ban"))).toEqual([]);

    fireEvent.click(ban);
    dialog = await screen.findByRole("dialog", { name: "Ban this member?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ban the member" }));
    await waitFor(() => expect(state()).toBe("Banned"));
    expect(within(section).getByRole("status").textContent).toBe("The member has been banned.");
    expect(within(firstRow()).getByText("Ban")).toBeTruthy();
    // Banned: lifting is what is left.
    expect(screen.queryByRole("form", { name: "Ban" })).toBeNull();
    expect(screen.queryByRole("form", { name: "Suspend" })).toBeNull();
    expect(form("Lift the ban or suspension")).toBeTruthy();
  });

  it("asks for the reason and the days before calling", async () => {
    await renderForModerator();
    fireEvent.click(within(form("Suspend")).getByRole("button", { name: "Suspend" }));
    await waitFor(() =>
      expect(within(form("Suspend")).getByLabelText("Reason").getAttribute("aria-invalid")).toBe(
        "true",
      ),
    );
    typeReason("Suspend", "Insults");
    fireEvent.input(within(form("Suspend")).getByLabelText("Days"), { target: { value: "400" } });
    fireEvent.click(within(form("Suspend")).getByRole("button", { name: "Suspend" }));
    await waitFor(() => expect(within(form("Suspend")).getByRole("alert")).toBeTruthy());
    expect(state()).toBe("Active");
    // A sanction's reason may be as long as the API takes (1000), unlike support's (500).
    expect(within(form("Suspend")).getByLabelText("Reason").getAttribute("maxlength")).toBe("1000");
  });

  it("shows support the state and strikes, without the account actions", async () => {
    await renderMemberScreen("support", [
      "members.credits",
      "orders.refund",
      "members.support",
      "members.export",
      "members.erase",
    ]);
    const section = screen.getByRole("region", { name: "Moderation" });
    expect(state()).toBe("Active");
    expect(within(section).queryAllByRole("form")).toEqual([]);
    expect(within(section).queryByRole("button")).toBeNull();
  });

  it("offers an admin the account actions on support's screen", async () => {
    await renderMemberScreen("admin", ["members.support", ...MODERATION_PERMISSIONS]);
    const section = screen.getByRole("region", { name: "Moderation" });
    for (const name of ["Warn", "Suspend", "Ban"]) {
      expect(within(section).getByRole("form", { name })).toBeTruthy();
    }
    typeReason("Warn", "Spam");
    fireEvent.click(within(form("Warn")).getByRole("button", { name: "Send the warning" }));
    await waitFor(() => expect(within(section).getAllByRole("row")).toHaveLength(2));
  });

  it("speaks German", async () => {
    await renderForModerator("de");
    const section = screen.getByRole("region", { name: "Moderation" });
    expect(state()).toBe("Aktiv");
    expect(within(section).getByText("Noch keine Maßnahmen.")).toBeTruthy();
    expect(within(section).getByRole("form", { name: "Verwarnen" })).toBeTruthy();
    expect(within(section).getByRole("form", { name: "Dauerhaft sperren" })).toBeTruthy();
  });
});
