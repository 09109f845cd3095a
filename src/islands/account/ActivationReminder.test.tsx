// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pickMessages } from "../../i18n/pick";
import { $activationRequired } from "../../stores/activation";
import ActivationReminder from "./ActivationReminder";

afterEach(() => {
  cleanup();
  $activationRequired.set(null);
  vi.unstubAllGlobals();
});

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
});

const MESSAGES = [
  "activate.reminder.",
  "activate.required.",
  "signup.checkMail.",
  "common.",
  "error.",
];

function show(reminder: boolean) {
  render(
    <ActivationReminder
      locale="en"
      messages={pickMessages("en", MESSAGES)}
      email="new@example.com"
      signupComplete={false}
      reminder={reminder}
    />,
  );
}

describe("the activation reminder answers a refusal for the unconfirmed address (issue 25)", () => {
  it("shows nothing until a call is refused where the reminder itself is off", () => {
    show(false);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("opens a dialog with the server's reason and a way to send the link again", async () => {
    const fetch = vi.fn(async (_url: URL | string, _init?: RequestInit) =>
      Response.json({ ok: true }),
    );
    vi.stubGlobal("fetch", fetch);
    show(true);
    act(() => $activationRequired.set("Please confirm your e-mail address first."));
    const dialog = screen.getByRole("dialog", { name: "Confirm your e-mail address first" });
    expect(dialog.textContent).toContain("Please confirm your e-mail address first.");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send the link again" }));
    });
    expect(fetch).toHaveBeenCalledOnce();
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/api\/activation\.php$/);
    expect(await screen.findByRole("status")).toHaveProperty(
      "textContent",
      "We have sent the e-mail again.",
    );
    // Closed, the member's page is as before: the reminder's banner.
    act(() => fireEvent.click(screen.getByRole("button", { name: "Close" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("region", { name: "Check your inbox" })).toBeTruthy();
  });
});
