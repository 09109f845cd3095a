import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 26: ARCHITECTURE.md is a map and its rules, not a diary. These checks keep it one.
const root = resolve(import.meta.dirname, "..");
const text = readFileSync(join(root, "ARCHITECTURE.md"), "utf8");

/** The folders a map must name: every folder of src/ but the routes and the editors' texts. */
function foldersOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      const name = relative(root, path);
      // src/pages mirrors the URLs (its folders are routes); src/content/legal holds a folder
      // per locale and site.
      if (name.startsWith(join("src", "pages", "")) || name.startsWith(join("src", "content", "")))
        return [];
      return [`${name}/`, ...foldersOf(path)];
    });
}

function section(title: string): string {
  const start = text.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`ARCHITECTURE.md has no section "${title}"`);
  const end = text.indexOf("\n## ", start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

describe("ARCHITECTURE.md", () => {
  it("is a map, at most 400 lines", () => {
    expect(text.split("\n").length).toBeLessThanOrEqual(400);
  });

  it("names every folder of src/ in its folder map", () => {
    const map = section("Folder map");
    const missing = foldersOf(join(root, "src")).filter((folder) => !map.includes(folder));
    expect(missing).toEqual([]);
  });

  it("maps only folders and files that exist", () => {
    const map = section("Folder map");
    const entries = [...map.matchAll(/^([\w.-]+(?:\/[\w.-]+)*\/?) {2,}/gm)].map((m) => m[1]);
    expect(entries.length).toBeGreaterThan(40);
    expect(entries.filter((entry) => !existsSync(join(root, entry as string)))).toEqual([]);
  });

  it("names only paths that exist", () => {
    const named = [...text.matchAll(/`((?:src|scripts|bench|tests|drizzle|docs)\/[^`\s]+)`/g)]
      .map((match) => match[1] as string)
      // Patterns and placeholders (src/**/*.test.ts, <locale>.json) name no one path.
      .filter((path) => !/[*<{…]/.test(path));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it("links only decisions that exist", () => {
    const decisions = readdirSync(join(root, "docs", "decisions"));
    for (const [, number] of text.matchAll(/decision (\d{4})/g)) {
      expect(
        decisions.some((file) => file.startsWith(`${number}-`)),
        number,
      ).toBe(true);
    }
  });
});
