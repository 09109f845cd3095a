import { describe, expect, it, vi } from "vitest";
import { astroRuntimePatch, expectOnce, replaceOnce } from "./astro-runtime-patch";

describe("replaceOnce", () => {
  it("replaces a text taken literally, or a pattern, where it occurs once", () => {
    expect(replaceOnce("a(b).c", "(b).", "[x]", "p")).toBe("a[x]c");
    expect(replaceOnce("f(a,  b)", /f\(a,\s*b\)/, "g($&)", "p")).toBe("g($&)");
  });

  it("refuses what is missing or repeated, naming the patch", () => {
    expect(() => replaceOnce("abc", "x", "y", "amora:p")).toThrow(
      /^amora:p: expected x once in Astro's runtime, found it 0 times/,
    );
    expect(() => replaceOnce("aXa", /a/, "y", "amora:p")).toThrow(/found it 2 times/);
  });
});

describe("expectOnce", () => {
  it("passes what occurs once and refuses what is missing or repeated", () => {
    expect(() => expectOnce("a(b).c", "(b).", "p")).not.toThrow();
    expect(() => expectOnce("f(a,  b)", /f\(a,\s*b\)/, "p")).not.toThrow();
    expect(() => expectOnce("abc", "x", "amora:p")).toThrow(/^amora:p: expected x once/);
    // Taken literally: a dot is a dot.
    expect(() => expectOnce("a.a.", ".", "p")).toThrow(/found it 2 times/);
  });
});

describe("astroRuntimePatch", () => {
  const plugin = astroRuntimePatch({
    name: "amora:test-patch",
    module: "core/encryption.js",
    apply: (source) => `${source}// patched`,
  });
  const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;
  const buildEnd = plugin.buildEnd as (this: { error: (message: string) => never }) => void;

  it("is for the server build alone", () => {
    expect(plugin.apply).toBe("build");
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(applies({ name: "ssr" })).toBe(true);
    expect(applies({ name: "client" })).toBe(false);
  });

  it("changes that module and no other, on either kind of path separator", () => {
    expect(transform("x", "/app/node_modules/astro/dist/core/encryption.js")?.code).toBe(
      "x// patched",
    );
    expect(transform("x", "C:\\app\\node_modules\\astro\\dist\\core\\encryption.js")?.code).toBe(
      "x// patched",
    );
    expect(transform("x", "/app/node_modules/astro/dist/core/encryptionXjs")).toBeUndefined();
    expect(transform("x", "/app/src/core/encryption.js")).toBeUndefined();
  });

  it("fails a build that never saw the module", () => {
    const unseen = astroRuntimePatch({ name: "amora:unseen", module: "a.js", apply: (s) => s });
    const error = vi.fn((message: string): never => {
      throw new Error(message);
    });
    expect(() => (unseen.buildEnd as typeof buildEnd).call({ error })).toThrow(
      "amora:unseen: astro/dist/a.js was not in the build",
    );
    // The module seen: the build goes on.
    error.mockClear();
    buildEnd.call({ error });
    expect(error).not.toHaveBeenCalled();
  });
});
