// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import PasswordField from "./PasswordField";

afterEach(cleanup);

describe("PasswordField", () => {
  it("is a required password input marked for password managers", () => {
    render(<PasswordField id="pw" label="Password" name="password" purpose="new" />);
    const input = screen.getByLabelText("Password") as HTMLInputElement;
    expect([input.type, input.autocomplete, input.required]).toEqual([
      "password",
      "new-password",
      true,
    ]);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows the password as typed and hides it again, keeping what was typed", () => {
    render(
      <PasswordField
        id="pw"
        label="Passwort"
        name="password"
        purpose="current"
        error="Falsches Passwort"
        reveal={{ show: "Anzeigen", hide: "Verbergen" }}
      />,
    );
    const input = screen.getByLabelText("Passwort") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "geheim123" } });
    fireEvent.click(screen.getByRole("button", { name: "Anzeigen" }));
    expect(input.type).toBe("text");
    const hide = screen.getByRole("button", { name: "Verbergen" });
    expect(hide.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(hide);
    expect([input.type, input.value, input.autocomplete]).toEqual([
      "password",
      "geheim123",
      "current-password",
    ]);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("pw-error");
  });
});
