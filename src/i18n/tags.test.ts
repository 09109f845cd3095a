import { describe, expect, it } from "vitest";
import { findTagNames, splitTags } from "./tags";

describe("splitTags", () => {
  it("cuts a text into plain parts and tagged words, in order", () => {
    expect(
      splitTags("Accept our <terms>terms</terms> and <privacy>privacy policy</privacy>."),
    ).toEqual([
      "Accept our ",
      { tag: "terms", text: "terms" },
      " and ",
      { tag: "privacy", text: "privacy policy" },
      ".",
    ]);
  });

  it("leaves a text without tags, or with an unclosed tag, as it is", () => {
    expect(splitTags("No links here.")).toEqual(["No links here."]);
    expect(splitTags("A <terms>broken tag.")).toEqual(["A <terms>broken tag."]);
  });

  it("names the tags of a text, sorted", () => {
    expect(findTagNames("<terms>a</terms> <privacy>b</privacy>")).toEqual(["privacy", "terms"]);
  });
});
