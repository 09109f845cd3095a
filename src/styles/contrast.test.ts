import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// WCAG 1.4.3: normal-size text needs a contrast ratio of at least 4.5:1 with its background.
const MINIMUM_RATIO = 4.5;

/** A stylesheet without comments, its `@import`s of sibling files inlined as Vite inlines them. */
const read = (name: string): string =>
  readFileSync(new URL(`./${name}`, import.meta.url), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/@import "\.\/([\w-]+\.css)";/g, (_, imported: string) => read(imported));

const tokens = new Map(
  [...read("tokens.css").matchAll(/(--color-[\w-]+):\s*(#[0-9a-f]{3,6})\b/gi)].map(
    (match) => [match[1] ?? "", match[2] ?? ""] as const,
  ),
);

/** A solid colour as #rrggbb from a token, a hex literal or white; null for anything else. */
function resolveColour(value: string): string | null {
  const token = /^var\((--color-[\w-]+)\)$/.exec(value)?.[1];
  const colour = (token ? tokens.get(token) : value === "white" ? "#fff" : value) ?? "";
  if (/^#[0-9a-f]{6}$/i.test(colour)) return colour.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(colour)) return `#${[...colour.slice(1)].map((c) => c + c).join("")}`;
  return null;
}

/** WCAG 2 relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

type Pair = { selector: string; text: string; background: string; ratio: number };

/** Every rule of a stylesheet that sets both a solid text colour and a solid background. */
function findColourPairs(stylesheet: string): Pair[] {
  return [...read(stylesheet).matchAll(/([^{}]+)\{([^{}]*)\}/g)].flatMap((rule) => {
    const body = rule[2] ?? "";
    const text = resolveColour(/(?:^|[;\s])color:\s*([^;]+?)\s*;/.exec(body)?.[1] ?? "");
    const background = resolveColour(
      /(?:^|[;\s])background(?:-color)?:\s*([^;]+?)\s*;/.exec(body)?.[1] ?? "",
    );
    if (!text || !background) return [];
    const selector = (rule[1] ?? "").trim().replace(/\s+/g, " ");
    return [{ selector, text, background, ratio: contrastRatio(text, background) }];
  });
}

describe("the design tokens' colour pairs", () => {
  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it.each(["global.css", "profile.css", "landers.css"])(
    "give every text in %s at least 4.5:1 against the background its rule sets",
    (stylesheet) => {
      const pairs = findColourPairs(stylesheet);
      expect(pairs.length).toBeGreaterThan(0);
      const tooFaint = pairs.filter((pair) => pair.ratio < MINIMUM_RATIO);
      expect(tooFaint).toEqual([]);
    },
  );

  it("give the current navigation item at least 4.5:1", () => {
    const current = findColourPairs("global.css").find((pair) =>
      pair.selector.includes('.nav-link[aria-current="page"]'),
    );
    expect(current?.ratio).toBeGreaterThanOrEqual(MINIMUM_RATIO);
  });
});
