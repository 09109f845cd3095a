/**
 * Gives focus back after a dialog, or an alert whose buttons went away (issue 29 item 16): to the control that opened it; when that
 * control is gone (the row it was in was removed) or nothing had focus (a dialog that opened by
 * itself), to the page's main content, never to the page's body.
 */
export function returnFocus(opener: Element | null): void {
  const usable =
    opener instanceof HTMLElement &&
    opener.isConnected &&
    opener !== document.body &&
    (opener.checkVisibility?.() ?? true);
  if (usable) {
    opener.focus();
    return;
  }
  const main = document.getElementById("main");
  if (main) {
    if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
    main.focus({ preventScroll: true });
  }
}
