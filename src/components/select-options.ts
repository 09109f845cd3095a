import { escapeHtml } from "../server/lib/html";

/** One choice of a select. */
export type SelectOption = { value: string; label: string };

/** The search forms' ages, 18 to 99. */
export const AGE_OPTIONS: readonly SelectOption[] = Object.freeze(
  Array.from({ length: 82 }, (_, index) =>
    Object.freeze({ value: String(18 + index), label: String(18 + index) }),
  ),
);

const made = new WeakMap<readonly object[], string>();

/**
 * A select's options as HTML text, the chosen one marked `selected`: what Astro writes for
 * `{list.map((o) => <option value={o.value} selected={…}>{o.label}</option>)}`, but made once
 * a list (a frozen list every page shares: AGE_OPTIONS, countryOptions). /members has 178 of
 * them (two age selects and the countries): one Astro write each, a third of a millisecond of
 * every page (issue 30 item 1).
 */
export function optionsHtml<Item extends object>(
  list: readonly Item[],
  toOption: (item: Item) => SelectOption,
  selected: string | number | null | undefined,
): string {
  let html = made.get(list);
  if (html === undefined) {
    html = list
      .map(toOption)
      .map(
        ({ value, label }) => `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`,
      )
      .join("");
    made.set(list, html);
  }
  if (selected === null || selected === undefined || selected === "") return html;
  const value = escapeHtml(String(selected));
  return html.replace(`<option value="${value}">`, () => `<option value="${value}" selected>`);
}
