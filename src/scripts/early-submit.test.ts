// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
// Registers its listener on this file's document, as the layouts' script does on a page's.
import "./early-submit";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

/**
 * A server-rendered island holding a form, as Astro sends it before hydration, and the submits
 * its island would see (the island's own handler: `handled` says whether it takes them).
 */
function island(form: string) {
  document.body.innerHTML = `<astro-island ssr client="visible">${form}</astro-island>`;
  const element = document.querySelector("astro-island") as HTMLElement;
  const formElement = element.querySelector("form") as HTMLFormElement;
  const seen: { submitter: HTMLElement | null }[] = [];
  let handled = false;
  formElement.addEventListener("submit", (event) => {
    if (element.hasAttribute("ssr")) return;
    seen.push({ submitter: event.submitter });
    if (handled) event.preventDefault();
  });
  return {
    element,
    form: formElement,
    seen,
    takeSubmits: () => {
      handled = true;
    },
  };
}

/** A tap on the form's button: the submit event the browser sends, its button the submitter. */
function tap(form: HTMLFormElement, button = form.querySelector("button")) {
  const event = new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: button });
  form.dispatchEvent(event);
  return event;
}

/** What Astro does once the island's framework has started on it. */
function hydrate(element: HTMLElement) {
  element.removeAttribute("ssr");
  element.dispatchEvent(new CustomEvent("astro:hydrate"));
}

describe("a submit before the island hydrates (nothing typed goes into the address)", () => {
  it("is held, and sent to the island, by the same button, once it hydrated", () => {
    const { element, form, seen, takeSubmits } = island(
      '<form><input name="password" value="secret"><button name="go">Sign up</button></form>',
    );
    expect(tap(form).defaultPrevented).toBe(true);
    expect(seen).toEqual([]);
    takeSubmits();
    hydrate(element);
    expect(seen).toEqual([{ submitter: form.querySelector("button") }]);
    vi.advanceTimersByTime(20_000);
    expect(seen).toHaveLength(1);
  });

  it("is offered again until the island takes it, then not again", () => {
    const { element, form, seen, takeSubmits } = island("<form><button>Send</button></form>");
    tap(form);
    hydrate(element);
    vi.advanceTimersByTime(120);
    // Still nobody's: React has not reached the form yet. (That React has reached it, when its
    // handler takes no submit, also ends it: a fiber key happy-dom's forms do not show, proven
    // in Chromium by tests/e2e/signup.spec.ts.)
    expect(seen).toHaveLength(3);
    takeSubmits();
    vi.advanceTimersByTime(50);
    expect(seen).toHaveLength(4);
    vi.advanceTimersByTime(20_000);
    expect(seen).toHaveLength(4);
  });

  it("is dropped if the island never takes it, the form left as it was", () => {
    const { element, form, seen } = island(
      "<form><input value='typed'><button>Send</button></form>",
    );
    tap(form);
    hydrate(element);
    vi.advanceTimersByTime(60_000);
    expect(seen.length).toBeLessThanOrEqual(10_000 / 50 + 2);
    const count = seen.length;
    vi.advanceTimersByTime(60_000);
    expect(seen).toHaveLength(count);
    expect(form.querySelector("input")?.value).toBe("typed");
  });

  it("sends two taps before hydration once", () => {
    const { element, form, seen, takeSubmits } = island("<form><button>Send</button></form>");
    tap(form);
    expect(tap(form).defaultPrevented).toBe(true);
    takeSubmits();
    hydrate(element);
    vi.advanceTimersByTime(1_000);
    expect(seen).toHaveLength(1);
  });

  it("leaves the submits of a hydrated island, and of a form outside islands, to them", () => {
    const { element, form, seen } = island("<form><button>Send</button></form>");
    hydrate(element);
    expect(tap(form).defaultPrevented).toBe(false);
    expect(seen).toEqual([{ submitter: form.querySelector("button") }]);
    document.body.insertAdjacentHTML(
      "beforeend",
      "<form id='plain'><button>Search</button></form>",
    );
    expect(tap(document.getElementById("plain") as HTMLFormElement).defaultPrevented).toBe(false);
  });

  it("lets a form post to a page that answers it without JavaScript (login, complaints)", () => {
    const { element, form, seen } = island(
      '<form method="post" action="/complaints"><button>Send</button></form>',
    );
    expect(tap(form).defaultPrevented).toBe(false);
    hydrate(element);
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual([]);
  });

  it("sends nothing for a form that left the page before its island hydrated", () => {
    const { element, form, seen } = island("<form><button>Send</button></form>");
    tap(form);
    form.remove();
    hydrate(element);
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual([]);
  });
});
