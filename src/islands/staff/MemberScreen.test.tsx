// A page on the real API: first, before React loads.
import "../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pickMessages } from "../../i18n/pick";
import { serveIslandApi } from "../../test/island-api";
import { codeLabelPrefixes, MEMBER_SCREEN_CODES } from "./code-labels";
import type { ActionPermission } from "./MemberActions";
import MemberScreen from "./MemberScreen";

const api = serveIslandApi();

const SUPPORT: ActionPermission[] = [
  "members.credits",
  "orders.refund",
  "members.support",
  "members.export",
  "members.erase",
];

/** The code sets the member screen names (as members/[id].astro picks them). */
async function renderMember(
  options: { credits?: number; locale?: "en" | "de"; photoCount?: number } = {},
) {
  const locale = options.locale ?? "en";
  await api.signInNewStaff("support", { language: locale });
  const member = await api.createMember({
    credits: options.credits ?? 20,
    profile: { name: "Ilse" },
    photoCount: options.photoCount,
  });
  render(
    <MemberScreen
      locale={locale}
      messages={pickMessages(locale, [
        "staff.console.member.",
        "staff.console.action.",
        "common.close",
        "error.",
        "validation.",
        ...codeLabelPrefixes(...MEMBER_SCREEN_CODES),
      ])}
      memberId={member.user.id}
      allowed={SUPPORT}
    />,
  );
  await screen.findByRole("heading", { level: 1, name: /Ilse/ });
  return member;
}

function correctionForm(name = "Correct the credit balance") {
  return screen.getByRole("form", { name });
}

describe("the member screen (issue 27 item 7)", () => {
  it("shows the member in labelled sections", async () => {
    await renderMember();
    for (const name of [
      "Account",
      "Profile",
      "Photos",
      "Orders",
      "Credit history",
      "E-mails sent",
    ]) {
      expect(screen.getByRole("region", { name })).toBeTruthy();
    }
    expect(screen.getByRole("complementary", { name: "Support actions" })).toBeTruthy();
    expect(screen.getByTestId("member-credits").textContent).toBe("20");
  });

  it("names stored codes in words, not as codes", async () => {
    await renderMember({ photoCount: 1 });
    const account = screen.getByRole("region", { name: "Account" });
    expect(account.textContent).toContain("E-mail confirmed");
    const profile = screen.getByRole("region", { name: "Profile" });
    expect(profile.textContent).toContain("Active");
    expect(profile.textContent).toContain("Member");
    expect(screen.getByRole("region", { name: "Photos" }).textContent).toContain("Approved");
    const ledger = screen.getByRole("region", { name: "Credit history" });
    expect(within(ledger).getByText("Correction by our support")).toBeTruthy();
    expect(document.querySelector("code")).toBeNull();
  });

  it("corrects the balance with a reason and shows the new balance", async () => {
    await renderMember();
    const form = correctionForm();
    fireEvent.input(within(form).getByLabelText("Credits to add or take away"), {
      target: { value: "+10" },
    });
    fireEvent.input(within(form).getByLabelText("Reason"), {
      target: { value: "Goodwill after a failed payment" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Correct the balance" }));
    await waitFor(() =>
      expect(within(form).getByRole("status").textContent).toBe("Done. The new balance is 30."),
    );
    expect(screen.getByTestId("member-credits").textContent).toBe("30");
    expect(api.calls.filter((call) => call.endsWith("/credits"))).toHaveLength(1);
  });

  it("asks for a reason before calling, and keeps what was typed after an error", async () => {
    await renderMember({ credits: 5 });
    const form = correctionForm();
    const delta = within(form).getByLabelText("Credits to add or take away") as HTMLInputElement;
    fireEvent.input(delta, { target: { value: "-50" } });
    fireEvent.click(within(form).getByRole("button", { name: "Correct the balance" }));
    await waitFor(() =>
      expect(within(form).getByLabelText("Reason").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(api.calls.filter((call) => call.endsWith("/credits"))).toEqual([]);

    const reason = within(form).getByLabelText("Reason") as HTMLTextAreaElement;
    fireEvent.input(reason, { target: { value: "Clawback" } });
    fireEvent.click(within(form).getByRole("button", { name: "Correct the balance" }));
    await waitFor(() =>
      expect(within(form).getByRole("alert").textContent).toBe(
        "This correction would take the balance below zero.",
      ),
    );
    expect(delta.value).toBe("-50");
    expect(reason.value).toBe("Clawback");
    expect(screen.getByTestId("member-credits").textContent).toBe("5");
  });

  it("asks before erasing, and gives focus back to the button on cancel", async () => {
    await renderMember();
    const form = correctionForm("Erase the account");
    fireEvent.input(within(form).getByLabelText("Reason"), {
      target: { value: "Erasure asked by mail" },
    });
    const button = within(form).getByRole("button", { name: "Erase the account…" });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Erase this account?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(api.calls.filter((call) => call.endsWith("/erase"))).toEqual([]);
  });

  it("asks every support action for a reason, and ends the sessions with one", async () => {
    await renderMember();
    for (const name of ["Sessions", "Fictional profile", "Data export", "Erase the account"]) {
      expect(within(correctionForm(name)).getByLabelText("Reason")).toBeTruthy();
    }
    const form = correctionForm("Sessions");
    fireEvent.click(within(form).getByRole("button", { name: "End all sessions" }));
    await waitFor(() =>
      expect(within(form).getByLabelText("Reason").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(api.calls.filter((call) => call.endsWith("/end-sessions"))).toEqual([]);
    fireEvent.input(within(form).getByLabelText("Reason"), { target: { value: "Lost phone" } });
    fireEvent.click(within(form).getByRole("button", { name: "End all sessions" }));
    await waitFor(() => expect(within(form).getByRole("status")).toBeTruthy());
    expect(api.calls.filter((call) => call.endsWith("/end-sessions"))).toHaveLength(1);
  });

  it("speaks the staff member's language, with German numbers", async () => {
    await renderMember({ credits: 1200, locale: "de" });
    expect(screen.getByRole("region", { name: "Credit-Verlauf" })).toBeTruthy();
    expect(screen.getByTestId("member-credits").textContent).toBe("1.200");
    expect(correctionForm("Credit-Guthaben korrigieren")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Konto" }).textContent).toContain("E-Mail bestätigt");
    // Codes as words: the gender as members read it, the country by its German name.
    const profile = screen.getByRole("region", { name: "Profil" });
    expect(profile.textContent).toMatch(/Frau|Mann/);
    expect(profile.textContent).toContain("Niederlande");
    const ledger = screen.getByRole("region", { name: "Credit-Verlauf" });
    expect(within(ledger).getByText("Korrektur durch unseren Kundenservice")).toBeTruthy();
  });
});
