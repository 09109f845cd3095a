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

  it("answers a key it does not know with the key, every time", () => {
    const t = getTranslate("en");
    const unknown = "no.such.key" as MessageKey;
    expect(t(unknown)).toBe("no.such.key");
    expect(t(unknown)).toBe("no.such.key");
  });
});
