// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { UserView } from "../../contract/users";
import { pickMessages } from "../../i18n/pick";
import { $newLikes, $unreadMessages } from "../../stores/counts";
import { $member } from "../../stores/session";
import TopNav from "./TopNav";

afterEach(cleanup);

function member(overrides: Partial<UserView> = {}): UserView {
  return {
    id: 1,
    email: "kim@example.com",
    status: "confirmed",
    credits: 50,
    paid_user: true,
    signup_date: "2026-01-01T00:00:00.000Z",
    language: null,
    notifications_disabled: [],
    profile: null,
    ...overrides,
  };
}

function renderNav(props: { member: UserView | null; unread?: number; likes?: number }) {
  // The stores are seeded from props once per page; between tests they carry over, so set them
  // as a fresh page would have them.
  $member.set(props.member);
  $unreadMessages.set(props.unread ?? 0);
  $newLikes.set(props.likes ?? 0);
  return render(
    <TopNav
      locale="en"
      messages={pickMessages("en", ["nav.", "common."])}
      siteName="Amora"
      member={props.member}
      unreadMessages={props.unread ?? 0}
      newLikes={props.likes ?? 0}
      path="/members"
    />,
  );
}

describe("TopNav", () => {
  it("offers only Login and the language switcher to visitors", () => {
    renderNav({ member: null });
    expect(screen.getByRole("link", { name: "Log in" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Language" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Messages/ })).toBeNull();
  });

  it("caps the unread badge at 99+ and updates it from the shared store", () => {
    renderNav({ member: member(), unread: 120, likes: 3 });
    const messages = screen.getByRole("link", { name: /Messages/ });
    expect(within(messages).getByText("99+")).toBeTruthy();
    expect(within(screen.getByRole("link", { name: /Likes/ })).getByText("3")).toBeTruthy();
    act(() => $newLikes.set(0));
    expect(screen.getByRole("link", { name: "Likes" }).textContent).toBe("Likes");
    act(() => $unreadMessages.set(5));
    expect(within(screen.getByRole("link", { name: /Messages/ })).getByText("5")).toBeTruthy();
  });

  it("puts the unread and like total in the page title", () => {
    document.title = "Members – Amora";
    renderNav({ member: member(), unread: 2, likes: 1 });
    act(() => {
      $unreadMessages.set(2);
      $newLikes.set(1);
    });
    expect(document.title).toBe("(3) Members – Amora");
  });

  it("shows Get Premium to free members instead of credits", () => {
    renderNav({ member: member({ paid_user: false, credits: 0 }) });
    expect(screen.getByRole("link", { name: "Get Premium" }).getAttribute("href")).toBe("/premium");
    expect(screen.queryByRole("link", { name: /Credits/ })).toBeNull();
  });

  it("logs out with a form that posts to the API, so it works before the script runs", () => {
    renderNav({ member: member() });
    const form = screen.getByRole("button", { name: "Log out", hidden: true }).closest("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe("/api/logout.php");
  });
});
