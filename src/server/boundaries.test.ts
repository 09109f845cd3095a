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
  "safety",
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
  "auth",
  "search",
  "account",
  "content",
  "staff",
  "moderation",
  // Above staff: the moderators' queue of report cases (issue 27) claims, audits and resolves.
  "reports",
  "support",
  // The console's figures (issue 28 item 4) read every feature's tables and write only theirs.
  "metrics",
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
  // The operator console: generic parts only (ui), nothing of the members' islands.
  "staff",
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

/*
 * ARCHITECTURE.md, "Feature boundaries": a table is written only by the folder that owns it,
 * the one whose schema module declares it, or re-exports it as its own (photos, declared beside
 * profiles to cut an import cycle). Any other folder calls the owner's function, passing its
 * transaction. A write is a Drizzle `insert(t)`, `update(t)` or `delete(t)` of an imported
 * table, or raw SQL `insert into ${t}`, `update ${t}`, `delete from ${t}` (or the table's SQL
 * name); a table passed around in a variable is not seen.
 */
type Table = { name: string; owner: string };

/** Files that may write tables they do not own: the tables, and why. */
const OTHERS_TABLES_WRITERS: Record<string, { tables: string[]; why: string }> = {
  "db/seed.ts": {
    tables: ["users", "profiles", "photos", "short_links"],
    why: "demo data, written in bulk into an empty database by `npm run seed`",
  },
  "testing/service.ts": {
    tables: ["users", "profiles", "photos"],
    why: "the end-to-end tests' fixtures (mounted only with TEST_FIXTURES): members in any state",
  },
};

function moduleOf(file: string): string {
  return file.replace(/\.ts$/, "");
}

/** Every schema module's tables by export name: module (no extension) -> name -> table. */
function schemaTables(files: string[]): Map<string, Map<string, Table>> {
  const modules = new Map<string, Map<string, Table>>();
  const add = (module: string, name: string, table: Table) =>
    modules.set(module, (modules.get(module) ?? new Map<string, Table>()).set(name, table));
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const [, name = "", sqlName = ""] of text.matchAll(
      /export const (\w+) = pgTable\(\s*"(\w+)"/g,
    )) {
      add(moduleOf(file), name, { name: sqlName, owner: folderOf(SERVER, file) });
    }
  }
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const [, names = "", from = ""] of text.matchAll(/export \{([^}]*)\} from "(\.[^"]+)"/g)) {
      const source = modules.get(normalize(join(dirname(file), from)));
      for (const name of names.split(",").map((part) => part.trim())) {
        const table = source?.get(name);
        if (!table) continue;
        table.owner = folderOf(SERVER, file);
        add(moduleOf(file), name, table);
      }
    }
  }
  return modules;
}

/** Every write a file makes to a table another folder owns: "file: verb table (owner)". */
function othersTablesWrites(): { path: string; table: string; write: string }[] {
  const files = sourceFiles(SERVER);
  const modules = schemaTables(files);
  const bySqlName = new Map(
    [...modules.values()].flatMap((tables) => [...tables.values()].map((t) => [t.name, t])),
  );
  const writes = new Map<string, { path: string; table: string; write: string }>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const local = new Map<string, Table>(modules.get(moduleOf(file)) ?? []);
    for (const [, names = "", from = ""] of text.matchAll(/import \{([^}]*)\} from "(\.[^"]+)"/g)) {
      const tables = modules.get(normalize(join(dirname(file), from)));
      for (const part of names.split(",")) {
        const [name = "", alias = name] = part
          .replace(/^\s*type\s/, "")
          .trim()
          .split(/\s+as\s+/);
        const table = tables?.get(name);
        if (table) local.set(alias, table);
      }
    }
    const found: [string, Table | undefined][] = [
      ...[...text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)].map(
        ([, verb = "", name = ""]): [string, Table | undefined] => [verb, local.get(name)],
      ),
      ...[...text.matchAll(/\b(insert\s+into|update|delete\s+from)\s+\$\{\s*(\w+)\s*\}/gi)].map(
        ([, verb = "", name = ""]): [string, Table | undefined] => [verb, local.get(name)],
      ),
      ...[...text.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"?(\w+)/gi)].map(
        ([, verb = "", name = ""]): [string, Table | undefined] => [verb, bySqlName.get(name)],
      ),
    ];
    const path = relative(SERVER, file);
    for (const [verb, table] of found) {
      if (!table || table.owner === folderOf(SERVER, file)) continue;
      const write = `${path}: ${verb.toLowerCase().split(/\s+/)[0]} ${table.name} (${table.owner})`;
      writes.set(write, { path, table: table.name, write });
    }
  }
  return [...writes.values()].sort((a, b) => a.write.localeCompare(b.write));
}

describe("table owners (ARCHITECTURE.md, feature boundaries)", () => {
  const writes = othersTablesWrites();

  it("lets only the owning folder write a table; others call the owner's functions", () => {
    const unlisted = writes.filter(
      ({ path, table }) => !OTHERS_TABLES_WRITERS[path]?.tables.includes(table),
    );
    expect(unlisted.map(({ write }) => write)).toEqual([]);
  });

  it("lists only exceptions that still write (so the list cannot go stale)", () => {
    const listed = Object.entries(OTHERS_TABLES_WRITERS).flatMap(([path, { tables }]) =>
      tables.map((table) => `${path}: ${table}`),
    );
    const seen = new Set(writes.map(({ path, table }) => `${path}: ${table}`));
    expect(listed.filter((entry) => !seen.has(entry))).toEqual([]);
  });
});
