import { describe, expect, it } from "vitest";
import { catalogues } from "../../i18n/catalogues";
import { locales } from "../../i18n/locales";
import { pickMessages } from "../../i18n/pick";
import { createTranslate } from "../../i18n/translate";
import { CODE_SETS, type CodeSet, codeLabel, codeLabelKey, codeLabelPrefixes } from "./code-labels";

const SETS = Object.keys(CODE_SETS) as CodeSet[];

describe("the console's labels of stored codes (design §13)", () => {
  describe.each(SETS)("%s", (set) => {
    it.each(locales)("names every value in %s", (locale) => {
      const missing = CODE_SETS[set].values.filter(
        (value) => !catalogues[locale][codeLabelKey(set, value)]?.trim(),
      );
      expect(missing).toEqual([]);
    });

    it("names each value differently in English", () => {
      const labels = CODE_SETS[set].values.map((value) => catalogues.en[codeLabelKey(set, value)]);
      expect(new Set(labels).size).toBe(labels.length);
    });
  });

  it("reads an order's state as staff say it, in English and German", () => {
    const en = createTranslate("en", pickMessages("en", codeLabelPrefixes("orderState")));
    const de = createTranslate("de", pickMessages("de", codeLabelPrefixes("orderState")));
    expect(codeLabel(en, "orderState", "completed")).toBe("Paid");
    expect(codeLabel(de, "orderState", "refunded")).toBe("Erstattet");
  });

  it("reuses members' labels where they name the same values", () => {
    const t = createTranslate("en", catalogues.en);
    expect(codeLabel(t, "reportReason", "scam")).toBe(t("report.reason.scam"));
    expect(codeLabel(t, "paymentMethod", "sdd")).toBe(t("payments.method.sdd"));
  });

  it("falls back to the code itself when it has no label", () => {
    const t = createTranslate("en", catalogues.en);
    expect(codeLabel(t, "auditAction", "member.something_new")).toBe("member.something_new");
    const unpicked = createTranslate("en", pickMessages("en", ["staff.console.member."]));
    expect(codeLabel(unpicked, "orderState", "completed")).toBe("completed");
  });

  it("gives each set's prefix once", () => {
    expect(codeLabelPrefixes("auditAction", "auditAction", "auditTarget")).toEqual([
      "staff.console.code.auditAction.",
      "staff.console.target.",
    ]);
  });
});
