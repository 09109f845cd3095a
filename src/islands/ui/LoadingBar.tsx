import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { $pendingWork, beginWork } from "../../stores/loading";

/**
 * spec §9: the loading bar only appears for work slower than 200 ms; it then runs over 5 s (the
 * animation in global.css: the CSP forbids inline style attributes, so it cannot come from here).
 */
export const LOADING_BAR_THROTTLE_MS = 200;

/** A thin progress bar at the top for slow API calls and page navigations. */
export default function LoadingBar() {
  const pending = useStore($pendingWork);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    // A navigation away from this page counts as work until the next page replaces it.
    const onNavigate = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (
        !link ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        (link as HTMLAnchorElement).target ||
        (link as HTMLAnchorElement).origin !== location.origin ||
        (link as HTMLAnchorElement).hash
      ) {
        return;
      }
      beginWork();
    };
    const onSubmit = () => beginWork();
    document.addEventListener("click", onNavigate);
    document.addEventListener("submit", onSubmit);
    // Coming back through the back-forward cache restores a page that was "navigating".
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) $pendingWork.set(0);
    };
    window.addEventListener("pageshow", onShow);
    return () => {
      document.removeEventListener("click", onNavigate);
      document.removeEventListener("submit", onSubmit);
      window.removeEventListener("pageshow", onShow);
    };
  }, []);

  useEffect(() => {
    if (pending === 0) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), LOADING_BAR_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  return <div className="loading-bar" data-visible={visible} aria-hidden="true" />;
}
