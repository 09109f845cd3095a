// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { pickMessages } from "../../i18n/pick";
import { createTranslate } from "../../i18n/translate";
import AccountMenu from "./AccountMenu";

afterEach(cleanup);

function renderMenu() {
  const t = createTranslate("en", pickMessages("en", ["nav."]));
  render(
    <>
      <AccountMenu t={t} name="Kim" avatar={null} />
      <a href="/help">Next on the page</a>
    </>,
  );
  const button = screen.getByRole("button", { name: "My account" });
  fireEvent.click(button);
  const menu = screen.getByRole("list");
  expect(menu.hidden).toBe(false);
  return { button, menu };
}

/** Moves focus as Tab would: focus leaves `from` for `to` (focusout carries relatedTarget). */
function moveFocus(from: HTMLElement, to: HTMLElement) {
  act(() => {
    fireEvent.blur(from, { relatedTarget: to });
    to.focus();
  });
}

describe("AccountMenu", () => {
  it("opens with focus on its first item", () => {
    renderMenu();
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "My profile" }));
  });

  it("closes when focus tabs out of the menu to the rest of the page", () => {
    const { button, menu } = renderMenu();
    const logout = screen.getByRole("button", { name: "Log out" });
    moveFocus(screen.getByRole("link", { name: "My profile" }), logout);
    expect(menu.hidden).toBe(false);
    moveFocus(logout, screen.getByRole("link", { name: "Next on the page" }));
    expect(menu.hidden).toBe(true);
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes when focus leaves its button for the rest of the page", () => {
    const { button, menu } = renderMenu();
    moveFocus(screen.getByRole("link", { name: "My profile" }), button);
    expect(menu.hidden).toBe(false);
    moveFocus(button, screen.getByRole("link", { name: "Next on the page" }));
    expect(menu.hidden).toBe(true);
  });

  it("closes on Escape from an item and gives focus back to its button", () => {
    const { button, menu } = renderMenu();
    fireEvent.keyDown(screen.getByRole("link", { name: "My profile" }), { key: "Escape" });
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it("closes on Escape from its button, which keeps focus", () => {
    const { button, menu } = renderMenu();
    moveFocus(screen.getByRole("link", { name: "My profile" }), button);
    fireEvent.keyDown(button, { key: "Escape" });
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });
});
