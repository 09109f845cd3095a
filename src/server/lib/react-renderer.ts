/**
 * The server half of Astro's React renderer, ours in place of `@astrojs/react/server.js`
 * (astro.config.mjs swaps the entry; the client half and the integration's build settings are
 * still @astrojs/react's). Two things differ, both costs of every page (issue 30 item 1):
 * - `check` answers from the component's type. Upstream's renders the component a first time
 *   to find out whether it returns a React element: a whole streamed React render for each of a
 *   page's components, while React is the only framework the site has.
 * - A component renders with `renderToString`, one synchronous pass, where upstream streams it
 *   (`renderToReadableStream`) and reads the stream back into a string: the same HTML, read
 *   chunk by chunk through promises. Upstream's own switch to `renderToString` drops the
 *   `identifierPrefix` that keeps `useId` unique between the islands of a page; this passes it.
 * Nothing of ours suspends while it renders on the server (the lazily loaded parts open on a
 * tap), and Astro's actions are not used, so neither is handled here.
 */
import { type ComponentType, createElement, memo, Component as ReactComponent } from "react";
import { renderToString } from "react-dom/server";

type RendererContext = { result?: object };

/** The prefix of the next island of a page: r0, r1, … (as @astrojs/react numbers them). */
const islandCounts = new WeakMap<object, number>();
function nextPrefix(result: object): string {
  const index = islandCounts.get(result) ?? 0;
  islandCounts.set(result, index + 1);
  return `r${index}`;
}

const REACT_TYPES = /^Symbol\(react\./;

/**
 * Whether this renderer renders the component: a function that is not a class of another kind,
 * or one of React's wrapper objects (memo, forwardRef, lazy).
 */
function check(component: unknown): boolean {
  if (typeof component === "function") {
    const prototype: unknown = component.prototype;
    const render = (prototype as { render?: unknown } | undefined)?.render;
    return typeof render !== "function" || prototype instanceof ReactComponent;
  }
  if (typeof component !== "object" || component === null) return false;
  return REACT_TYPES.test(String((component as { $$typeof?: symbol }).$$typeof));
}

/** Astro's slots, as HTML an island keeps untouched (`astro-slot`, or static when not hydrated). */
const StaticHtml = memo(
  ({ value, name, hydrate }: { value: string; name?: string; hydrate: boolean }) =>
    value.trim() === ""
      ? null
      : createElement(hydrate ? "astro-slot" : "astro-static-slot", {
          name,
          suppressHydrationWarning: true,
          dangerouslySetInnerHTML: { __html: value },
        }),
  () => true,
);

const slotName = (name: string) =>
  name.trim().replace(/[-_]([a-z])/g, (_, c: string) => c.toUpperCase());

/** Resource hints React adds for what it renders; the page's head has its own. */
const RESOURCE_HINTS =
  /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

function renderToStaticMarkup(
  this: RendererContext | undefined,
  component: ComponentType<never>,
  props: Record<string, unknown>,
  { default: children, ...slotted }: Record<string, string | undefined>,
  metadata?: { astroStaticSlot?: boolean; hydrate?: string },
): Promise<{ html: string; attrs: { prefix?: string } }> {
  const prefix = this?.result ? nextPrefix(this.result) : undefined;
  const hydrate = metadata?.astroStaticSlot ? Boolean(metadata.hydrate) : true;
  const { class: _class, ...ownProps } = props;
  const slots: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(slotted)) {
    if (value == null) continue;
    const name = slotName(key);
    slots[name] = createElement(StaticHtml, { value, name, hydrate });
  }
  const inner = children ?? (props.children as string | undefined);
  const html = renderToString(
    createElement(component as ComponentType<Record<string, unknown>>, {
      ...ownProps,
      ...slots,
      ...(inner == null ? {} : { children: createElement(StaticHtml, { value: inner, hydrate }) }),
    }),
    { identifierPrefix: prefix },
  );
  return Promise.resolve({
    html: html.includes("<link") ? html.replace(RESOURCE_HINTS, "") : html,
    attrs: { prefix },
  });
}

export default {
  name: "@astrojs/react",
  check,
  renderToStaticMarkup,
  supportsAstroStaticSlot: true,
};
