/** How long a held submit waits for React to take it once its island hydrated. */
const GIVE_UP_MS = 10_000;
const RETRY_MS = 50;

/**
 * Whether React has hydrated the form: it keeps its fiber on each node it hydrated. (Should React
 * rename that key, a held submit is dropped after GIVE_UP_MS, the typed text still in the form.)
 */
function isHydratedByReact(form: HTMLFormElement): boolean {
  return Object.keys(form).some((key) => key.startsWith("__reactFiber$"));
}

/**
 * Sends the held submit to the island. Astro says an island hydrated once React started on it,
 * which finishes a moment later (in a transition): until then React lets the event pass. A
 * dispatched submit event, unlike requestSubmit(), never makes the browser send the form
 * itself, so it is offered again until React has the form (then it was React's to handle, once),
 * and dropped if React never gets it (the typed text stays in the form).
 */
function sendOnceHandled(form: HTMLFormElement, submitter: HTMLElement | null, until: number) {
  if (!form.isConnected) return;
  const own = submitter?.isConnected && submitter.closest("form") === form ? submitter : null;
  const event = new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: own });
  form.dispatchEvent(event);
  if (event.defaultPrevented || isHydratedByReact(form) || performance.now() > until) return;
  setTimeout(() => sendOnceHandled(form, submitter, until), RETRY_MS);
}

/**
 * A form tapped before its island hydrates (a slow phone, a tap as the page shows) would be
 * submitted by the browser as a plain GET to the page: what was typed, a password included, in
 * the address bar, the history and the access logs, and the page reloaded empty. This holds
 * such a submit and sends it again through the island once it has hydrated, so the tap is
 * answered by the island, as if it had come a moment later.
 *
 * A form with an `action` posts to a page that answers it without JavaScript (login,
 * complaints): that post goes ahead as it is. Forms outside islands are not touched. Forms that
 * carry a password, an address or an account number also say `method="post"`: without
 * JavaScript at all (or before this script runs) they reload their page, but put nothing in its
 * address.
 */
export function holdEarlySubmits(root: Document): void {
  const held = new WeakMap<Element, { form: HTMLFormElement; submitter: HTMLElement | null }>();
  root.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.hasAttribute("action")) return;
      const island = form.closest("astro-island");
      if (!island?.hasAttribute("ssr")) return;
      event.preventDefault();
      // Two taps before hydration are one submit: the island's own guard sees only the replay.
      const waiting = held.has(island);
      held.set(island, { form, submitter: (event as SubmitEvent).submitter });
      if (waiting) return;
      island.addEventListener(
        "astro:hydrate",
        () => {
          const entry = held.get(island);
          held.delete(island);
          if (entry) sendOnceHandled(entry.form, entry.submitter, performance.now() + GIVE_UP_MS);
        },
        { once: true },
      );
    },
    // Capture: before anything else sees the submit, as the browser would act on it.
    true,
  );
}

if (typeof document !== "undefined") holdEarlySubmits(document);
