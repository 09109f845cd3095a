// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pickMessages } from "../../i18n/pick";
import RepeatOrderButton from "./RepeatOrderButton";

const keys: string[] = [];
let answers: Array<() => Response | Promise<Response>> = [];

beforeEach(() => {
  keys.length = 0;
  vi.useFakeTimers();
  vi.stubGlobal("fetch", async (_url: URL, init: RequestInit) => {
    keys.push(new Headers(init.headers).get("idempotency-key") ?? "");
    const next = answers.shift();
    if (!next) throw new TypeError("fetch failed");
    return next();
  });
  vi.spyOn(window.location, "assign").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function press() {
  if (!screen.queryByRole("button")) {
    const messages = pickMessages("en", ["payments.", "common."]);
    render(<RepeatOrderButton locale="en" messages={messages} price="€9.99" />);
  }
  const consent = screen.getByRole("checkbox", { name: /right of withdrawal/i });
  if (!(consent as HTMLInputElement).checked) fireEvent.click(consent);
  fireEvent.click(screen.getByRole("button"));
  // Through every retry's back-off, to the end of the call.
  await act(() => vi.runAllTimersAsync());
}

describe("RepeatOrderButton (issue 25: a second press never charges twice)", () => {
  it("sends a press after an unanswered one under the same key, so the server charges once", async () => {
    answers = [];
    await press();
    expect(screen.getByRole("alert")).toBeTruthy();
    const unanswered = new Set(keys);
    expect(unanswered.size).toBe(1);
    answers = [json(200, { order: { id: 4, checkout_url: null } })];
    await press();
    expect(keys.at(-1)).toBe([...unanswered][0]);
    expect(window.location.assign).toHaveBeenCalledWith("/transactions/4");
  });

  it("takes a new key after a refusal, which a retry under the old key would only replay", async () => {
    answers = [json(422, { error: "direct_debit_limit", message: "Your limit is reached" })];
    await press();
    expect(screen.getByRole("alert").textContent).toBe("Your limit is reached");
    answers = [json(200, { order: { id: 5, checkout_url: null } })];
    await press();
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
