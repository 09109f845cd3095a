import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getTranslate } from "./i18n";
import { isPlainText, MAX_ID, parseIdParam, toFieldErrors } from "./validation";

describe("parseIdParam", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    [String(MAX_ID), MAX_ID],
  ])("reads %s as the id %i", (value, id) => {
    expect(parseIdParam(value)).toBe(id);
  });

  it.each([
    String(MAX_ID + 1),
    "9223372036854775808",
    "99999999999",
    "0",
    "-1",
    "+1",
    "1.5",
    "1.0",
    "1e3",
    "007",
    "0x10",
    " 1",
    "1 ",
    "",
    "abc",
    "١٢",
    undefined,
  ])("refuses %j, as a page's 404", (value) => {
    expect(parseIdParam(value)).toBeNull();
  });
});

describe("isPlainText", () => {
  it("accepts what people write, in any script, with emoji", () => {
    expect(isPlainText("Zoë, 29 – mag Kaffee ☕ und 日本語")).toBe(true);
  });

  it.each([
    ["a NUL byte", "a\u0000b"],
    ["an escape sequence", "\u001b[31mred"],
    ["DEL", "a\u007fb"],
    ["a C1 control", "a\u0085b"],
    ["a lone surrogate", "a\ud800b"],
  ])("refuses %s", (_, text) => {
    expect(isPlainText(text)).toBe(false);
    expect(isPlainText(text, { multiline: true })).toBe(false);
  });

  it("allows tabs and line breaks only in text of several lines", () => {
    expect(isPlainText("one\r\n\ttwo")).toBe(false);
    expect(isPlainText("one\r\n\ttwo", { multiline: true })).toBe(true);
  });
});

describe("toFieldErrors", () => {
  it("names the limit in a schema's own message for a length, in the member's language", () => {
    const schema = z.object({ note: z.string().max(5, "validation.tooLong") });
    const input = { note: "far too long" };
    const result = schema.safeParse(input);
    if (result.success) throw new Error("parsed");
    expect(toFieldErrors(result.error, getTranslate("en"), input)).toEqual({
      note: "Enter at most 5 characters",
    });
    expect(toFieldErrors(result.error, getTranslate("de"), input).note).not.toContain("{");
  });
});
