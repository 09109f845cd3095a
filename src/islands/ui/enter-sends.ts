import type { KeyboardEvent } from "react";

/**
 * A message box's keys, as chat apps have them: Enter sends on a keyboard; Shift+Enter, and
 * Enter on a touch screen (where it is the only way to a new line), is a new line.
 */
export function enterSends(send: () => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !matchMedia("(pointer: coarse)").matches) {
      event.preventDefault();
      send();
    }
  };
}
