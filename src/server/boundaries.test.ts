import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * ARCHITECTURE.md, "Feature boundaries": the folder-level reading of the rule that Biome's
 * file-level noImportCycles cannot see. Pairs of features that still import each other are
 * listed as known debt; the list may only shrink.
 */
const SERVER = "src/server";

/** Feature pairs that import each other today (known debt, see ARCHITECTURE.md). */
const KNOWN_MUTUAL = new Set([
  "auth<->users",
  "blocks<->profiles",
  "gifts<->users",
  "likes<->profiles",
  "photos<->profiles",
  "profiles<->users",
]);

/** Folders that compose or serve features rather than being one. */
const LAYERS = new Set(["lib", "db", "request", "jobs", "(root)", "testing"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function folderOf(path: string): string {
  const [first = ""] = relative(SERVER, path).split("/");
  return first.endsWith(".ts") ? "(root)" : first;
}

/** Every import between folders of src/server: "from -> to" with the files that make it. */
function folderImports(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of sourceFiles(SERVER)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:from|import\()\s*"(\.[^"]+)"/g)) {
      const target = normalize(join(dirname(file), match[1] ?? ""));
      if (!target.startsWith(`${SERVER}/`)) continue;
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), relative(SERVER, file)]);
    }
  }
  return edges;
}

describe("feature boundaries (ARCHITECTURE.md)", () => {
  const edges = folderImports();

  it("keeps lib and the job queue generic: they import no feature", () => {
    const fromLib = [...edges.keys()].filter(
      (edge) => edge.startsWith("lib -> ") && !/-> (db|request|jobs)$/.test(edge),
    );
    expect(fromLib).toEqual([]);
    const fromJobs = [...edges.keys()].filter(
      (edge) => edge.startsWith("jobs -> ") && !/-> (db|lib)$/.test(edge),
    );
    expect(fromJobs).toEqual([]);
  });

  it("keeps the database client free of features", () => {
    const client = readFileSync(join(SERVER, "db/client.ts"), "utf8");
    expect(client.match(/from "\.\.\/(?!lib\/)[^"]+"/g) ?? []).toEqual([]);
  });

  it("adds no new pair of features that import each other", () => {
    const mutual = new Set<string>();
    for (const edge of edges.keys()) {
      const [from = "", to = ""] = edge.split(" -> ");
      if (LAYERS.has(from) || LAYERS.has(to)) continue;
      if (edges.has(`${to} -> ${from}`)) mutual.add([from, to].sort().join("<->"));
    }
    expect([...mutual].filter((pair) => !KNOWN_MUTUAL.has(pair))).toEqual([]);
    // A pair that no longer imports both ways is paid debt: take it off the list.
    expect([...KNOWN_MUTUAL].filter((pair) => !mutual.has(pair))).toEqual([]);
  });
});
