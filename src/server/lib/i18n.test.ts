import { describe, expect, it } from "vitest";
import { catalogues, type MessageKey } from "../../i18n/catalogues";
import { getTranslate } from "./i18n";

describe("the server translator", () => {
  it("is made once a locale, and remembers messages without parameters", () => {
    const t = getTranslate("de");
    expect(getTranslate("de")).toBe(t);
    expect(getTranslate("fr")).not.toBe(t);
    for (const key of ["nav.login", "members.heading", "common.close"] as MessageKey[]) {
      expect(t(key)).toBe(catalogues.de[key]);
      expect(t(key)).toBe(catalogues.de[key]);
    }
    // Parameters are still filled in, each call its own.
    expect(t("members.nameAge", { name: "Kim", age: 31 })).toBe(
      catalogues.de["members.nameAge"]?.replace("{name}", "Kim").replace("{age}", "31"),
    );
    expect(t("members.nameAge", { name: "Jo", age: 40 })).toContain("Jo");
  });

  it("remembers a message with parameters by their values, plurals and numbers included", () => {
    const t = getTranslate("pl");
    // Polish has three plural forms a count chooses between, and numbers are grouped.
    const few = t("members.results", { count: 3 });
    const many = t("members.results", { count: 5 });
    const thousand = t("members.results", { count: 1000 });
    expect(new Set([few, many])).toHaveProperty("size", 2);
    expect(thousand).toContain(new Intl.NumberFormat("pl").format(1000));
    expect(t("members.results", { count: 3 })).toBe(few);
    expect(t("members.results", { count: 5 })).toBe(many);
    // The same values in one locale, another locale's words in the other.
    expect(getTranslate("de")("footer.disclaimer", { site: "Amora" })).toContain("Amora");
    expect(getTranslate("de")("footer.disclaimer", { site: "Amora" })).not.toBe(
      getTranslate("fr")("footer.disclaimer", { site: "Amora" }),
    );
    // Another value, another message.
    expect(t("members.nameAge", { name: "Kim", age: 31 })).not.toBe(
      t("members.nameAge", { name: "Kim", age: 32 }),
    );
  });

  it("answers a key it does not know with the key, every time", () => {
    const t = getTranslate("en");
    const unknown = "no.such.key" as MessageKey;
    expect(t(unknown)).toBe("no.such.key");
    expect(t(unknown)).toBe("no.such.key");
  });
});
