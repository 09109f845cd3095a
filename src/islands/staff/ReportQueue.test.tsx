// A page on the real API: first, before React loads.
import "../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pickMessages } from "../../i18n/pick";
import { serveIslandApi } from "../../test/island-api";
import { reportedChat, resolveAsAdmin } from "../../test/reports";
import ReportQueue, { REPORT_QUEUE_MESSAGES } from "./ReportQueue";

const api = serveIslandApi();

/** A scam report of a member named `name`, from Ann's chat with them; the queue as a moderator sees it. */
async function renderQueue(name: string, locale: "en" | "de" = "en") {
  const { caseId, reported } = await reportedChat(name);
  const moderator = await api.signInNewStaff("moderator", { language: locale });
  render(
    <ReportQueue
      locale={locale}
      messages={pickMessages(locale, REPORT_QUEUE_MESSAGES)}
      staff={{ id: moderator.id, email: moderator.email, admin: false }}
      canResolve
    />,
  );
  const heading = locale === "de" ? `Meldungen gegen ${name}` : `Reports against ${name}`;
  const card = await screen.findByRole("article", { name: heading });
  return { card, caseId, reported };
}

async function claim(card: HTMLElement) {
  fireEvent.click(within(card).getByRole("button", { name: "Claim the case" }));
  await within(card).findByText(/^You are working on this case/);
  return within(card).getByRole("form", { name: "Resolve the case" });
}

function choose(form: HTMLElement, action: string, reason: string) {
  fireEvent.change(within(form).getByLabelText("Action"), { target: { value: action } });
  fireEvent.input(within(form).getByLabelText("Reason"), { target: { value: reason } });
}

describe("the reports queue (issue 27 item 3)", () => {
  it("lists a case with the member, the report and the conversation around it", async () => {
    const { card, reported } = await renderQueue("Mallory");
    expect(within(card).getByText("High severity")).toBeTruthy();
    expect(within(card).getByText(/^1 report · last one on/)).toBeTruthy();
    const link = within(card).getByRole("link", { name: "Mallory" });
    expect(link.getAttribute("href")).toBe(`/staff/members/${reported.user.id}`);
    expect(within(card).getByRole("heading", { name: /^Report by Ann/ })).toBeTruthy();
    expect(within(card).getByText("Asking for money or a scam")).toBeTruthy();
    expect(within(card).getByText("Asked for money on day one")).toBeTruthy();
    // Both members' history: the reporter's beside the report, the member's strikes.
    expect(
      within(card).getByText(
        /^0 days · has (not )?paid · 1 report made · 0 cases against them · 0 strikes$/,
      ),
    ).toBeTruthy();
    expect(within(card).getByText("Strikes").nextElementSibling?.textContent).toBe("0");
    const thread = within(card).getByRole("region", { name: "Conversation: the last 2 messages" });
    const messages = within(thread).getAllByRole("listitem");
    expect(messages.map((item) => item.querySelector("strong")?.textContent)).toEqual([
      "Mallory (reported)",
      "Ann (reporter)",
    ]);
    expect(messages[0]?.textContent).toContain("Send me 200 euros for the ticket");
    expect(within(card).getByText("Nobody is working on this case.")).toBeTruthy();
  });

  it("claims a case, warns the member, and the case leaves the list", async () => {
    const { card, caseId } = await renderQueue("Boris");
    expect(within(card).queryByRole("form")).toBeNull();
    const form = await claim(card);
    choose(form, "warn", "Asked a member for money");
    fireEvent.click(within(form).getByRole("button", { name: "Resolve the case" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "Boris has been warned, and the case is closed.",
      ),
    );
    expect(screen.queryByRole("article", { name: "Reports against Boris" })).toBeNull();
    expect(api.calls).toContain(`POST /api/staff/reports/${caseId}/resolve`);
  });

  it("asks before a ban, gives focus back on cancel, and bans once confirmed", async () => {
    const { card } = await renderQueue("Viktor");
    const form = await claim(card);
    choose(form, "ban", "Scams several members");
    const button = within(form).getByRole("button", { name: "Ban the member…" });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Ban Viktor?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(api.calls.filter((call) => call.endsWith("/resolve"))).toEqual([]);

    fireEvent.click(button);
    const again = await screen.findByRole("dialog", { name: "Ban Viktor?" });
    fireEvent.click(within(again).getByRole("button", { name: "Ban for good" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "Viktor has been banned, and the case is closed.",
      ),
    );
  });

  it("shows a 422 and a 409 translated, and keeps what was typed", async () => {
    const { card, caseId } = await renderQueue("Dieter");
    const form = await claim(card);
    choose(form, "suspend", "");
    const days = within(form).getByLabelText("Days of suspension") as HTMLInputElement;
    fireEvent.change(days, { target: { value: "14" } });
    fireEvent.click(within(form).getByRole("button", { name: "Resolve the case" }));
    const reason = within(form).getByLabelText("Reason") as HTMLTextAreaElement;
    await waitFor(() => expect(reason.getAttribute("aria-invalid")).toBe("true"));
    expect(within(form).getByText("This field is required")).toBeTruthy();
    expect(days.value).toBe("14");

    // Meanwhile an admin resolves the case: the moderator's answer is a 409.
    await resolveAsAdmin(caseId, { action: "dismiss", reason: "Handled by phone" });
    fireEvent.input(reason, { target: { value: "Two weeks to cool off" } });
    fireEvent.click(within(form).getByRole("button", { name: "Resolve the case" }));
    await waitFor(() =>
      expect(within(form).getByRole("alert").textContent).toBe(
        "This case has already been resolved.",
      ),
    );
    expect(reason.value).toBe("Two weeks to cool off");
    expect(days.value).toBe("14");
  });

  it("speaks the staff member's language", async () => {
    const { card } = await renderQueue("Erik", "de");
    expect(screen.getByRole("heading", { level: 1, name: "Meldungen" })).toBeTruthy();
    expect(within(card).getByText("Hohe Dringlichkeit")).toBeTruthy();
    expect(within(card).getByText("Bittet um Geld oder Betrugsversuch")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Fall übernehmen" }));
    expect(await within(card).findByRole("form", { name: "Fall abschließen" })).toBeTruthy();
    expect(within(card).getByLabelText("Maßnahme")).toBeTruthy();
  });
});
