// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProfileCard } from "../../contract/profiles";
import { pickMessages } from "../../i18n/pick";
import { $toasts } from "../../stores/toasts";
import QuickLikes from "./QuickLikes";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const card = { id: 7, name: "Jonas", age: 31, main_image: null } as unknown as ProfileCard;

describe("a like button", () => {
  it("shows the server's answer when the day's likes are used up (issue 25)", async () => {
    const message =
      "Du hast heute schon sehr viele Mitglieder geliked. Morgen kannst du wieder liken.";
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "like_limit", message }, { status: 429 })),
    );
    render(
      <QuickLikes
        locale="de"
        messages={pickMessages("de", ["signupMatches.", "swipe.like", "swipe.failed"])}
        profiles={[card]}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: /Jonas/ }));
    await waitFor(() => expect($toasts.get().map((toast) => toast.message)).toEqual([message]));
    expect(screen.getByRole("button", { name: /Jonas/ }).getAttribute("aria-pressed")).toBe(
      "false",
    );
  });
});
