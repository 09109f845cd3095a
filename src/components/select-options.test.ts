import { describe, expect, it } from "vitest";
import { countryOptions } from "../i18n/countries";
import { AGE_OPTIONS, optionsHtml } from "./select-options";

const same = (option: { value: string; label: string }) => option;
const country = (option: { code: string; name: string }) => ({
  value: option.code,
  label: option.name,
});

describe("a select's options as HTML text", () => {
  it("are every age from 18 to 99, the chosen one selected", () => {
    const html = optionsHtml(AGE_OPTIONS, same, 30);
    expect(html.match(/<option /g)).toHaveLength(82);
    expect(html.startsWith('<option value="18">18</option>')).toBe(true);
    expect(html.endsWith('<option value="99">99</option>')).toBe(true);
    expect(html.match(/ selected/g)).toHaveLength(1);
    expect(html).toContain('<option value="30" selected>30</option>');
    // The shared text itself never changes.
    expect(optionsHtml(AGE_OPTIONS, same, undefined)).not.toContain("selected");
    expect(optionsHtml(AGE_OPTIONS, same, 3)).not.toContain("selected");
  });

  it("name the countries in the page's language, escaped, one chosen", () => {
    const list = countryOptions("de", ["nl", "de", "at"]);
    const html = optionsHtml(list, country, "at");
    expect(html).toBe(
      '<option value="de">Deutschland</option><option value="nl">Niederlande</option><option value="at" selected>Österreich</option>',
    );
    const odd = Object.freeze([{ value: `a"b`, label: "<i>&$'" }]);
    expect(optionsHtml(odd, same, `a"b`)).toBe(
      '<option value="a&quot;b" selected>&lt;i&gt;&amp;$&#39;</option>',
    );
  });
});
