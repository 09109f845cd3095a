import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * ARCHITECTURE.md, "Feature boundaries": the folder-level reading of the rule that Biome's
 * file-level noImportCycles cannot see. Features form one order, lowest first; a feature may
 * import only features before it, so no two features can ever import each other.
 */
const SERVER = "src/server";
const ISLANDS = "src/islands";

/** The features of src/server, lowest first (ARCHITECTURE.md lists the same order). */
const FEATURE_ORDER = [
  "sites",
  "geo",
  "users",
  "events",
  "push",
  "credits",
  "payments",
  "profiles",
  "blocks",
  "photos",
  "likes",
  "gifts",
  "members",
  "discovery",
  "chat",
  "reports",
  "auth",
  "search",
  "account",
  "content",
];

/** Folders that compose or serve features rather than being one. */
const LAYERS = new Set(["lib", "db", "request", "jobs", "(root)", "testing"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function folderOf(root: string, path: string): string {
  const [first = ""] = relative(root, path).split("/");
  return /\.tsx?$/.test(first) ? "(root)" : first;
}

/** Every import between folders of `root`: "from -> to" with the files that make it. */
function folderImports(root: string): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:from|import\(?)\s*"(\.[^"]+)"/g)) {
      const target = normalize(join(dirname(file), match[1] ?? ""));
      if (!target.startsWith(`${root}/`)) continue;
      const from = folderOf(root, file);
      const to = folderOf(root, target);
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), relative(root, file)]);
    }
  }
  return edges;
}

/** Edges that import a folder later in `order` than the importing one. */
function findUpwardImports(edges: Map<string, string[]>, order: string[]): string[] {
  const upward: string[] = [];
  for (const [edge, files] of edges) {
    const [from = "", to = ""] = edge.split(" -> ");
    if (!order.includes(from) || !order.includes(to)) continue;
    if (order.indexOf(to) > order.indexOf(from)) upward.push(`${edge} (${files.join(", ")})`);
  }
  return upward;
}

describe("feature boundaries (ARCHITECTURE.md)", () => {
  const edges = folderImports(SERVER);

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

  it("knows every folder as a layer or a feature", () => {
    const folders = readdirSync(SERVER).filter((name) =>
      statSync(join(SERVER, name)).isDirectory(),
    );
    expect(folders.filter((name) => !LAYERS.has(name) && !FEATURE_ORDER.includes(name))).toEqual(
      [],
    );
  });

  it("lets a feature import only the features below it", () => {
    expect(findUpwardImports(edges, FEATURE_ORDER)).toEqual([]);
  });
});

/** src/islands' folders, lowest first: ui knows no feature; a feature imports only those below. */
const ISLAND_ORDER = [
  "ui",
  "payments",
  "account",
  "content",
  "profile",
  "discovery",
  "chat",
  "shell",
];

describe("island folders (ARCHITECTURE.md, src/islands)", () => {
  const edges = folderImports(ISLANDS);

  it("knows every folder of src/islands", () => {
    const folders = readdirSync(ISLANDS).filter((name) =>
      statSync(join(ISLANDS, name)).isDirectory(),
    );
    expect(folders.filter((name) => !ISLAND_ORDER.includes(name))).toEqual([]);
  });

  it("keeps every island in a feature's folder, none loose at the top", () => {
    const loose = readdirSync(ISLANDS).filter((name) => statSync(join(ISLANDS, name)).isFile());
    expect(loose).toEqual([]);
  });

  it("keeps ui generic and lets a feature import only the folders below it", () => {
    expect(findUpwardImports(edges, ISLAND_ORDER)).toEqual([]);
  });
});

describe("browser code and the contract (ARCHITECTURE.md, feature boundaries)", () => {
  it("imports only types from src/contract's schema modules; values only from plain ones", () => {
    // A value import of a module that uses zod would ship zod to the browser (70 KB an island).
    const browser = ["src/islands", "src/stores", "src/lib", "src/scripts"].flatMap((dir) =>
      sourceFiles(dir),
    );
    const offending: string[] = [];
    for (const file of browser) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(
        /^import (type )?[^;]*?from "([^"]*\/contract\/[^"]+)";/gms,
      )) {
        const [, isType, module = ""] = match;
        const target = readFileSync(`${join(dirname(file), module)}.ts`, "utf8");
        if (!isType && /from "(zod|@hono\/zod-openapi)"/.test(target)) {
          offending.push(`${file}: ${module}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });
});
