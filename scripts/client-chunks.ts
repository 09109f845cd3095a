import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import type { Plugin } from "vite";

/** The token src/server/lib/client-preloads.ts holds until the build writes the list in. */
export const PRELOADS_TOKEN = "@@AMORA_CLIENT_PRELOADS@@";
/** The token it holds until the build writes in each island's own scripts, as JSON. */
export const ISLAND_PRELOADS_TOKEN = "@@AMORA_ISLAND_PRELOADS@@";

/**
 * Issue 30 item 2: on a phone every script is a round trip (562 ms on slow 4G, six at a time),
 * and an island hydrates only once its whole import chain has arrived. Left to itself the
 * bundler split the shared code into ~30 chunks of 1 KB, four imports deep. Grouped, a member
 * page needs React (with nanostores), the shared code and its islands' own small chunks. Staff
 * code stays out of the members' chunk, and the big lazy libraries (swiper, uPlot) keep chunks
 * of their own.
 */
export function clientChunkGroups(usedByPageScripts: (id: string) => boolean) {
  return [
    {
      name: "react",
      test: /node_modules[\\/](react|react-dom|scheduler|nanostores|@nanostores)[\\/]/,
      priority: 20,
    },
    {
      name: "app",
      // Ours, and Vite's helper that every lazy import of ours calls; not what a page's own
      // scripts import (a lander's language links): the app chunk imports React, and a lander
      // ships almost no JavaScript.
      test: (id: string) =>
        ((id.includes("/src/") && !id.includes("/src/islands/staff/")) ||
          id.includes("vite/preload-helper")) &&
        !usedByPageScripts(id),
      minShareCount: 2,
      priority: 10,
    },
  ];
}

/** Astro's hoisted `<script>` of a page or layout, as the client build names its module. */
const PAGE_SCRIPT = /[?&]type=script\b/;

/**
 * The modules a page's own scripts import, from the client build's module graph: they stay out
 * of the islands' shared chunk.
 */
export function pageScriptModules(graph: ReadonlyMap<string, readonly string[]>): Set<string> {
  const reached = new Set<string>();
  const visit = (id: string): void => {
    if (reached.has(id)) return;
    reached.add(id);
    for (const imported of graph.get(id) ?? []) visit(imported);
  };
  for (const id of graph.keys()) if (PAGE_SCRIPT.test(id)) visit(id);
  return reached;
}

const GROUP_NAMES = clientChunkGroups(() => false).map((group) => group.name);

type ChunkLike = {
  type: "chunk";
  name: string;
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
};
type OutputLike = ChunkLike | { type: "asset"; fileName: string };

/** The bundle's chunks, and each by its file name. */
function chunkGraph(bundle: Record<string, OutputLike>) {
  const chunks = Object.values(bundle).filter(
    (output): output is ChunkLike => output.type === "chunk",
  );
  return { chunks, byFile: new Map(chunks.map((chunk) => [chunk.fileName, chunk])) };
}

/**
 * The files `roots` import statically, themselves included, in the order first reached; what
 * `skip` holds is neither taken nor followed.
 */
function importClosure(
  byFile: ReadonlyMap<string, ChunkLike>,
  roots: readonly string[],
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string): void => {
    if (skip.has(fileName) || seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return [...seen];
}

/**
 * The scripts every island needs, whichever it is: the React renderer's entry, the shared
 * groups, what islands share with the pages' own scripts, and all they import. Preloaded from
 * the head of every member page, they are fetched in the first round instead of one round per
 * level of imports.
 */
export function sharedClientChunks(bundle: Record<string, OutputLike>): string[] {
  const { chunks, byFile } = chunkGraph(bundle);
  // What a page's own script shares with an island stays out of the groups (the app chunk
  // imports React, which a lander must not load) and is a chunk of its own: whichever asks
  // for it first, the page's script or the island, it is one more round trip unless preloaded.
  // A page script loads it anyway, so the preload costs nothing.
  const isPageScript = (chunk: ChunkLike) =>
    chunk.isEntry && (chunk.facadeModuleId ?? "").includes("?astro&type=script");
  const importers = new Map<string, ChunkLike[]>();
  for (const chunk of chunks) {
    for (const imported of chunk.imports)
      importers.set(imported, [...(importers.get(imported) ?? []), chunk]);
  }
  const sharedWithPages = (chunk: ChunkLike) => {
    const by = importers.get(chunk.fileName) ?? [];
    return !chunk.isEntry && by.some(isPageScript) && by.some((other) => !isPageScript(other));
  };
  const roots = chunks.filter(
    (chunk) =>
      GROUP_NAMES.includes(chunk.name) ||
      (chunk.isEntry && /@astrojs[\\/]react[\\/].*client/.test(chunk.facadeModuleId ?? "")) ||
      sharedWithPages(chunk),
  );
  return importClosure(
    byFile,
    roots.map((root) => root.fileName),
  )
    .sort()
    .map((fileName) => `/${fileName}`);
}

/** An island's module under `src/islands/`, without its extension: `discovery/SwipeGame`. */
const ISLAND_MODULE = /[\\/]src[\\/]islands[\\/](.+)\.tsx$/;

/**
 * Each island's own scripts, by its module under `src/islands/`: its chunk and what that
 * imports beyond the shared list. Astro's island script asks for the chunk only once the page
 * has been parsed and its own scripts have run, a round trip after the shared ones; a page
 * that names its islands (layouts/Default.astro's `islands`) preloads them with the rest.
 */
export function islandClientChunks(
  bundle: Record<string, OutputLike>,
  shared: readonly string[],
): Record<string, string[]> {
  const { chunks, byFile } = chunkGraph(bundle);
  const preloaded = new Set(shared.map((href) => href.slice(1)));
  const islands: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const module = chunk.isEntry ? ISLAND_MODULE.exec(chunk.facadeModuleId ?? "")?.[1] : undefined;
    if (!module) continue;
    const own = importClosure(byFile, [chunk.fileName], preloaded);
    islands[module.replaceAll("\\", "/")] = own.map((fileName) => `/${fileName}`);
  }
  return islands;
}

/**
 * Writes `text` (JavaScript) into the server build where the token stands as a string, in either
 * quote (as Astro does its manifest); answers how many files held it.
 */
export async function writeIntoServerBuild(
  serverDir: string,
  token: string,
  text: string,
): Promise<number> {
  const quoted = new RegExp(`(["'])${token}\\1`, "g");
  const files = (await readdir(serverDir, { recursive: true, encoding: "utf8" })).filter((name) =>
    name.endsWith(".mjs"),
  );
  let written = 0;
  for (const file of files) {
    const path = join(serverDir, file);
    const source = await readFile(path, "utf8");
    if (!source.includes(token)) continue;
    await writeFile(
      path,
      source.replace(quoted, () => text),
    );
    written += 1;
  }
  return written;
}

/** Writes the shared list into the server build, in place of its token in an array. */
export function writePreloads(serverDir: string, hrefs: string[]): Promise<number> {
  return writeIntoServerBuild(
    serverDir,
    PRELOADS_TOKEN,
    hrefs.map((href) => JSON.stringify(href)).join(", "),
  );
}

export function clientChunks(): AstroIntegration {
  let serverDir = "";
  let shared: string[] = [];
  let islands: Record<string, string[]> = {};
  // The client build's static imports, by module, and what the page scripts reach: known once
  // every module is parsed, which is before the chunks are made.
  const graph = new Map<string, readonly string[]>();
  let pageModules: Set<string> | null = null;
  const usedByPageScripts = (id: string) => {
    pageModules ??= pageScriptModules(graph);
    return pageModules.has(id);
  };
  const plugin: Plugin = {
    name: "amora:client-chunks",
    apply: "build",
    configEnvironment: (name) =>
      name === "client"
        ? {
            build: {
              rolldownOptions: {
                output: { codeSplitting: { groups: clientChunkGroups(usedByPageScripts) } },
              },
            },
          }
        : undefined,
    buildStart() {
      if (this.environment.name !== "client") return;
      graph.clear();
      pageModules = null;
    },
    moduleParsed(info) {
      if (this.environment.name === "client") graph.set(info.id, info.importedIds);
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      shared = sharedClientChunks(bundle as Record<string, OutputLike>);
      islands = islandClientChunks(bundle as Record<string, OutputLike>, shared);
    },
  };
  return {
    name: "amora:client-chunks",
    hooks: {
      "astro:config:setup": ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [plugin] } });
      },
      "astro:config:done": ({ config }) => {
        serverDir = fileURLToPath(config.build.server);
      },
      "astro:build:done": async ({ logger }) => {
        if (shared.length === 0)
          throw new Error("the client build named no shared chunks to preload");
        const written = await writePreloads(serverDir, shared);
        if (written === 0) throw new Error(`no server chunk holds ${PRELOADS_TOKEN}`);
        // A string literal of JSON, parsed where it stands (src/server/lib/client-preloads.ts).
        const json = JSON.stringify(JSON.stringify(islands));
        if ((await writeIntoServerBuild(serverDir, ISLAND_PRELOADS_TOKEN, json)) === 0)
          throw new Error(`no server chunk holds ${ISLAND_PRELOADS_TOKEN}`);
        logger.info(
          `${shared.length} shared scripts preloaded by member pages: ${shared.join(" ")}`,
        );
      },
    },
  };
}
