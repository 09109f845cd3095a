// A page on the real API: first, before React loads.
import "../../test/api-page";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pickMessages } from "../../i18n/pick";
import { serveIslandApi } from "../../test/island-api";
import { currentTotp, STAFF_PASSWORD } from "../../test/staff";
import StaffLoginForm from "./StaffLoginForm";

const api = serveIslandApi();

afterEach(() => {
  vi.restoreAllMocks();
});

function renderForm(locale: "en" | "de" = "en") {
  render(
    <StaffLoginForm
      locale={locale}
      messages={pickMessages(locale, ["staff.console.login.", "error.", "validation."])}
      next="/staff/members"
    />,
  );
}

function fill(label: string, value: string) {
  const field = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.input(field, { target: { value } });
  return field;
}

describe("the console's sign-in form (design §13)", () => {
  it("asks for the authenticator code as a one-time code on a number pad", () => {
    renderForm();
    const code = screen.getByLabelText("Code from your authenticator app");
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    expect(screen.getByLabelText("Password").getAttribute("autocomplete")).toBe("current-password");
  });

  it("signs in with password and code, then goes on to next", async () => {
    const staff = await api.createStaff("support");
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    renderForm();
    fill("E-mail address", staff.email);
    fill("Password", STAFF_PASSWORD);
    fill("Code from your authenticator app", currentTotp(staff));
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/staff/members"));
    expect(api.calls).toEqual(["POST /api/staff/login"]);
  });

  it("shows the translated refusal of a wrong code and keeps what was typed", async () => {
    const staff = await api.createStaff("support");
    renderForm();
    const email = fill("E-mail address", staff.email);
    const password = fill("Password", STAFF_PASSWORD);
    const wrong = currentTotp(staff) === "000000" ? "111111" : "000000";
    const code = fill("Code from your authenticator app", wrong);
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/^Sign-in failed\./);
    expect([email.value, password.value, code.value]).toEqual([staff.email, STAFF_PASSWORD, wrong]);
  });

  it("reads in German", () => {
    renderForm("de");
    expect(screen.getByLabelText("Code aus der Authenticator-App")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Anmelden" })).toBeTruthy();
  });
});
