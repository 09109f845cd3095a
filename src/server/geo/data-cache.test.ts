import { randomUUID } from "node:crypto";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedDerivation } from "./data-cache";

const dir = join(process.cwd(), "node_modules", ".cache", "amora");
const name = `test-${randomUUID()}`;
const filesOfTest = () => readdirSync(dir).filter((file) => file.startsWith(name));

afterEach(() => {
  for (const file of filesOfTest()) rmSync(join(dir, file));
});

describe("cachedDerivation", () => {
  it("computes once, and later calls read the result", async () => {
    const compute = vi.fn(async () => ({ towns: [1, 2, 3] }));
    expect(await cachedDerivation(name, ["v1"], compute)).toEqual({ towns: [1, 2, 3] });
    expect(await cachedDerivation(name, ["v1"], compute)).toEqual({ towns: [1, 2, 3] });
    expect(compute).toHaveBeenCalledTimes(1);
    expect(filesOfTest()).toHaveLength(1);
  });

  it("computes afresh when the key changes", async () => {
    await cachedDerivation(name, ["v1"], async () => "old");
    expect(await cachedDerivation(name, ["v2"], async () => "new")).toBe("new");
  });

  it("computes again over a torn file, and repairs it", async () => {
    await cachedDerivation(name, ["v1"], async () => "whole");
    const [file = ""] = filesOfTest();
    writeFileSync(join(dir, file), '{"half');
    const compute = vi.fn(async () => "whole");
    expect(await cachedDerivation(name, ["v1"], compute)).toBe("whole");
    expect(await cachedDerivation(name, ["v1"], compute)).toBe("whole");
    expect(compute).toHaveBeenCalledTimes(1);
  });
});
