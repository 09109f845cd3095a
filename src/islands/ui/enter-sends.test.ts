import type { KeyboardEvent } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enterSends } from "./enter-sends";

function press(key: string, shiftKey = false) {
  const preventDefault = vi.fn();
  return {
    event: { key, shiftKey, preventDefault } as unknown as KeyboardEvent<HTMLTextAreaElement>,
    preventDefault,
  };
}

function withPointer(coarse: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: coarse && query === "(pointer: coarse)",
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe("enterSends", () => {
  it("sends on Enter with a keyboard, and keeps the new line from the box", () => {
    withPointer(false);
    const send = vi.fn();
    const { event, preventDefault } = press("Enter");
    enterSends(send)(event);
    expect(send).toHaveBeenCalledOnce();
    expect(preventDefault).toHaveBeenCalledOnce();
  });

  it("leaves Shift+Enter, other keys, and Enter on a touch screen to the box", () => {
    withPointer(false);
    const send = vi.fn();
    enterSends(send)(press("Enter", true).event);
    enterSends(send)(press("a").event);
    withPointer(true);
    const touch = press("Enter");
    enterSends(send)(touch.event);
    expect(send).not.toHaveBeenCalled();
    expect(touch.preventDefault).not.toHaveBeenCalled();
  });
});
