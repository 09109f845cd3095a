import { Component, createElement, forwardRef, memo, useId } from "react";
import { describe, expect, it } from "vitest";
import renderer from "./react-renderer";

/** A field whose label points at its input by an id of React's useId. */
function Field({ label }: { label: string }) {
  const id = useId();
  return createElement(
    "p",
    null,
    createElement("label", { htmlFor: id }, label),
    createElement("input", { id }),
  );
}

/** Astro's default slot and a named one, side by side. */
function Box({ children, footerNote }: { children?: unknown; footerNote?: unknown }) {
  return createElement("div", null, children as never, footerNote as never);
}

/** A component whose render brings a resource hint. */
function Hinted() {
  return createElement(
    "div",
    null,
    createElement("link", { rel: "preload", href: "/a.webp", as: "image" }),
    "text",
  );
}

class Legacy extends Component {
  override render() {
    return null;
  }
}
class NotReact {
  render() {
    return "";
  }
}

const ids = (html: string) => [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);

describe("our React server renderer", () => {
  it("keeps useId unique between the islands of one page", async () => {
    const page = { result: {} };
    const first = await renderer.renderToStaticMarkup.call(page, Field, { label: "A" }, {});
    const second = await renderer.renderToStaticMarkup.call(page, Field, { label: "B" }, {});
    expect([first.attrs.prefix, second.attrs.prefix]).toEqual(["r0", "r1"]);
    expect(ids(first.html)).toHaveLength(1);
    expect(ids(first.html)).not.toEqual(ids(second.html));
    // Another page counts from r0 again.
    const other = await renderer.renderToStaticMarkup.call(
      { result: {} },
      Field,
      { label: "C" },
      {},
    );
    expect(other.attrs.prefix).toBe("r0");
    expect(ids(other.html)).toEqual(ids(first.html));
  });

  it("renders the same HTML as React's streamed render", async () => {
    const { renderToReadableStream } = await import("react-dom/server");
    const stream = await renderToReadableStream(createElement(Field, { label: "A & B" }), {
      identifierPrefix: "r0",
    });
    const streamed = await new Response(stream).text();
    const ours = await renderer.renderToStaticMarkup.call(
      { result: {} },
      Field,
      { label: "A & B" },
      {},
    );
    expect(ours.html).toBe(streamed);
  });

  it("passes Astro's slots as HTML the island keeps, static when it does not hydrate", async () => {
    const slots = { default: "<b>hi</b>", "footer-note": "<i>note</i>" };
    const hydrated = await renderer.renderToStaticMarkup.call({ result: {} }, Box, {}, slots, {
      astroStaticSlot: true,
      hydrate: "idle",
    });
    expect(hydrated.html).toBe(
      '<div><astro-slot><b>hi</b></astro-slot><astro-slot name="footerNote"><i>note</i></astro-slot></div>',
    );
    const still = await renderer.renderToStaticMarkup.call({ result: {} }, Box, {}, slots, {
      astroStaticSlot: true,
    });
    expect(still.html).toContain("<astro-static-slot><b>hi</b></astro-static-slot>");
  });

  it("leaves out the resource hints React adds (the page's head has its own)", async () => {
    const { html } = await renderer.renderToStaticMarkup.call({ result: {} }, Hinted, {}, {});
    expect(html).not.toContain("<link");
    expect(html).toContain("text");
  });

  it("claims React's components and nothing else", () => {
    expect(renderer.check(Field)).toBe(true);
    expect(renderer.check(Legacy)).toBe(true);
    expect(renderer.check(memo(Field))).toBe(true);
    expect(renderer.check(forwardRef(() => null))).toBe(true);
    expect(renderer.check(NotReact)).toBe(false);
    expect(renderer.check("div")).toBe(false);
    expect(renderer.check({ render: () => null })).toBe(false);
    expect(renderer.check(null)).toBe(false);
  });
});
