// A page on the real API: first, before React loads.
import "../../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pickMessages } from "../../../i18n/pick";
import { ApiRequestError, apiFetch } from "../../../lib/api-client";
import { $toasts } from "../../../stores/toasts";
import { serveIslandApi, waitOnFakeClock } from "../../../test/island-api";
import SettingsPanel from "./SettingsPanel";
import type { MemberSettings } from "./settings-api";

const api = serveIslandApi();

afterEach(() => {
  $toasts.set([]);
  vi.restoreAllMocks();
});

const MESSAGES = pickMessages("en", [
  "settings.",
  "error.",
  "validation.",
  "reset.do.",
  "signup.error.",
]);
const RETRY = "We could not reach the server. Please check your connection and try again.";

/** The settings page's panel for the signed-in member, as /notifications renders it. */
async function renderSettings(options: { deleteDiscount?: number } = {}) {
  const initial = await apiFetch<MemberSettings>("/api/notifications.php");
  render(
    <SettingsPanel
      locale="en"
      messages={MESSAGES}
      initial={initial}
      siteName="Amora"
      deleteDiscount={options.deleteDiscount ?? 30}
      reactivationDays={14}
      categories={["new_messages", "promotions"]}
      pushPublicKey={null}
      memberId={1}
    />,
  );
}

function section(name: string) {
  return screen.getByRole("region", { name });
}

function type(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

/** The texts an element's aria-describedby points at (what a screen reader reads with it). */
function description(element: HTMLElement): string[] {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "");
}

describe("SettingsPanel", () => {
  it("saves the notification choices once, keeping focus on the save button", async () => {
    await api.signInNewMember();
    await renderSettings();
    const notifications = section("E-mail notifications");
    fireEvent.click(within(notifications).getByRole("checkbox", { name: "Offers and promotions" }));
    const save = within(notifications).getByRole("button", { name: "Save" });
    save.focus();

    const release = api.holdAnswers();
    fireEvent.click(save);
    await waitFor(() => expect(save.getAttribute("aria-disabled")).toBe("true"));
    fireEvent.click(save);
    release();

    await waitFor(() => expect(save.getAttribute("aria-disabled")).toBe("false"));
    expect(api.calls.filter((call) => call === "PUT /api/notifications.php")).toHaveLength(1);
    expect($toasts.get().map((toast) => toast.message)).toEqual(["Your settings have been saved."]);
    expect(document.activeElement).toBe(save);
    const saved = await apiFetch<MemberSettings>("/api/notifications.php");
    expect(saved.notifications_disabled).toEqual(["promotions"]);
  });

  it("refuses two different new passwords before calling the server", async () => {
    await api.signInNewMember({ password: "the old passphrase" });
    await renderSettings();
    const password = section("Password");
    type(within(password).getByLabelText("Current password"), "the old passphrase");
    type(within(password).getByLabelText("New password"), "a new long passphrase");
    type(within(password).getByLabelText("Repeat the new password"), "a new long passphrasf");
    fireEvent.click(within(password).getByRole("button", { name: "Change password" }));

    const repeat = within(password).getByLabelText("Repeat the new password");
    await waitFor(() => expect(document.activeElement).toBe(repeat));
    expect(repeat.getAttribute("aria-invalid")).toBe("true");
    expect(description(repeat)).toEqual(["The entered passwords are not the same"]);
    expect(api.calls).not.toContain("PUT /api/password.php");
  });

  it("puts a wrong current password's message on that field, then changes the password", async () => {
    const member = await api.signInNewMember({ password: "the old passphrase" });
    await renderSettings();
    const password = section("Password");
    const current = within(password).getByLabelText("Current password") as HTMLInputElement;
    const chosen = within(password).getByLabelText("New password") as HTMLInputElement;
    type(current, "not the old one");
    type(chosen, "a new long passphrase");
    type(within(password).getByLabelText("Repeat the new password"), "a new long passphrase");
    fireEvent.click(within(password).getByRole("button", { name: "Change password" }));

    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(description(current)).toEqual(["The current password is not correct"]);
    expect(current.value).toBe("not the old one");
    expect(chosen.value).toBe("a new long passphrase");

    type(current, "the old passphrase");
    fireEvent.click(within(password).getByRole("button", { name: "Change password" }));
    await within(password).findByText(
      "Your password has been changed. Other devices have been logged out.",
    );
    expect(current.value).toBe("");
    expect(current.getAttribute("aria-invalid")).toBeNull();
    const login = await apiFetch("/api/user.php", {
      method: "POST",
      body: { email: member.email, password: "a new long passphrase" },
    });
    expect(login).toHaveProperty("user");
  });

  it("says the server was not reached, keeps the address and lets the member send again", async () => {
    await api.signInNewMember();
    await renderSettings();
    const email = section("E-mail address");
    const field = within(email).getByLabelText("New e-mail address") as HTMLInputElement;
    type(field, "new-address@test.example");
    const submit = within(email).getByRole("button", { name: "Change e-mail address" });

    vi.useFakeTimers({ toFake: ["setTimeout"] });
    api.setOffline(true);
    fireEvent.click(submit);
    expect(submit.getAttribute("aria-disabled")).toBe("true");
    await waitOnFakeClock(() => expect(within(email).getByRole("alert").textContent).toBe(RETRY));
    vi.useRealTimers();
    expect(submit.getAttribute("aria-disabled")).toBe("false");
    expect(field.value).toBe("new-address@test.example");
    expect(document.activeElement).toBe(within(email).getByRole("alert").parentElement);

    api.setOffline(false);
    fireEvent.click(submit);
    await within(email).findByText(
      "We have sent a link to new-address@test.example. Open it to confirm your new address.",
    );
    expect(within(email).queryByRole("alert")).toBeNull();
  });

  it("turns invisible mode on at once and back off when it cannot be saved", async () => {
    await api.signInNewMember();
    await renderSettings();
    const privacy = section("Privacy");
    const invisible = within(privacy).getByRole("checkbox", {
      name: "Invisible mode",
    }) as HTMLInputElement;

    vi.useFakeTimers({ toFake: ["setTimeout"] });
    api.setOffline(true);
    fireEvent.click(invisible);
    expect(invisible.checked).toBe(true);
    await waitOnFakeClock(() => expect(within(privacy).getByRole("alert").textContent).toBe(RETRY));
    vi.useRealTimers();
    expect(invisible.checked).toBe(false);

    api.setOffline(false);
    fireEvent.click(invisible);
    await waitFor(() => expect($toasts.get()).toHaveLength(1));
    expect(invisible.checked).toBe(true);
    expect((await apiFetch<MemberSettings>("/api/notifications.php")).invisible).toBe(true);
  });

  it("shows the retention offer before asking for the password to delete the account", async () => {
    const member = await api.signInNewMember({ password: "the right passphrase" });
    await renderSettings({ deleteDiscount: 50 });
    const deletion = section("Delete account");
    const start = within(deletion).getByRole("button", { name: "Delete my account" });
    expect(within(deletion).queryByLabelText("Your password, to confirm")).toBeNull();

    fireEvent.click(start);
    const offer = within(deletion).getByText(
      "Before you go: stay with us and get 50% off your next credit package.",
    );
    await waitFor(() => expect(document.activeElement).toBe(offer));
    // Keeping the account takes the offer (issue 29 item 6): the member's code, said and focused.
    fireEvent.click(within(deletion).getByRole("button", { name: "Keep my account" }));
    const kept = await within(deletion).findByRole("status");
    expect(kept.textContent).toMatch(/Your code STAY[A-Z2-9]{8} takes 50 % off/);
    await waitFor(() => expect(document.activeElement).toBe(kept));
    const startAgain = within(deletion).getByRole("button", { name: "Delete my account" });

    fireEvent.click(startAgain);
    const password = within(deletion).getByLabelText("Your password, to confirm");
    type(password, "a wrong passphrase");
    const confirm = within(deletion).getByRole("button", { name: "Delete my account for good" });
    fireEvent.click(confirm);
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(description(password)).toEqual(["The current password is not correct"]);

    const assign = vi.spyOn(location, "assign").mockImplementation(() => {});
    type(password, "the right passphrase");
    fireEvent.click(confirm);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/account-deleted"));
    // It stays busy while the next page loads, so the account is not sent twice.
    expect(confirm.getAttribute("aria-disabled")).toBe("true");
    const login = await apiFetch("/api/user.php", {
      method: "POST",
      body: { email: member.email, password: "the right passphrase" },
    }).catch((caught: unknown) => caught);
    expect(login).toBeInstanceOf(ApiRequestError);
    expect((login as ApiRequestError).message).toBe(
      "Your account is pending deletion. You can still reactivate it.",
    );
  });

  it("asks only for the password when the company makes no retention offer", async () => {
    await api.signInNewMember();
    await renderSettings({ deleteDiscount: 0 });
    const deletion = section("Delete account");
    fireEvent.click(within(deletion).getByRole("button", { name: "Delete my account" }));
    const password = within(deletion).getByLabelText("Your password, to confirm");
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(within(deletion).queryByText(/Before you go/)).toBeNull();
  });
});
