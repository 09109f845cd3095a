import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import type { Plugin } from "vite";

/** The token src/server/lib/client-preloads.ts holds until the build writes the list in. */
export const PRELOADS_TOKEN = "@@AMORA_CLIENT_PRELOADS@@";

/**
 * Issue 30 item 2: on a phone every script is a round trip (562 ms on slow 4G, six at a time),
 * and an island hydrates only once its whole import chain has arrived. Left to itself the
 * bundler split the shared code into ~30 chunks of 1 KB, four imports deep. Grouped, a member
 * page needs React (with nanostores), the shared code and its islands' own small chunks. Staff
 * code stays out of the members' chunk, and the big lazy libraries (swiper, uPlot) keep chunks
 * of their own.
 */
export const CLIENT_CHUNK_GROUPS = [
  {
    name: "react",
    test: /node_modules[\\/](react|react-dom|scheduler|nanostores|@nanostores)[\\/]/,
    priority: 20,
  },
  {
    name: "app",
    // Ours, and Vite's helper that every lazy import of ours calls.
    test: (id: string) =>
      (id.includes("/src/") && !id.includes("/src/islands/staff/")) ||
      id.includes("vite/preload-helper"),
    minShareCount: 2,
    priority: 10,
  },
];

type ChunkLike = {
  type: "chunk";
  name: string;
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
};
type OutputLike = ChunkLike | { type: "asset"; fileName: string };

/**
 * The scripts every island needs, whichever it is: the React renderer's entry, the shared
 * groups, and all they import. Preloaded from the head of every member page, they are fetched
 * in the first round instead of one round per level of imports.
 */
export function sharedClientChunks(bundle: Record<string, OutputLike>): string[] {
  const chunks = Object.values(bundle).filter(
    (output): output is ChunkLike => output.type === "chunk",
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = chunks.filter(
    (chunk) =>
      CLIENT_CHUNK_GROUPS.some((group) => group.name === chunk.name) ||
      (chunk.isEntry && /@astrojs[\\/]react[\\/].*client/.test(chunk.facadeModuleId ?? "")),
  );
  const seen = new Set<string>();
  const visit = (fileName: string): void => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root.fileName);
  return [...seen].sort().map((fileName) => `/${fileName}`);
}

/** Writes the list into the server build, where the token stands (as Astro does its manifest). */
export async function writePreloads(serverDir: string, hrefs: string[]): Promise<number> {
  const token = new RegExp(`(["'])${PRELOADS_TOKEN}\\1`, "g");
  const files = (await readdir(serverDir, { recursive: true, encoding: "utf8" })).filter((name) =>
    name.endsWith(".mjs"),
  );
  let written = 0;
  for (const file of files) {
    const path = join(serverDir, file);
    const text = await readFile(path, "utf8");
    if (!text.includes(PRELOADS_TOKEN)) continue;
    await writeFile(
      path,
      text.replace(token, hrefs.map((href) => JSON.stringify(href)).join(", ")),
    );
    written += 1;
  }
  return written;
}

export function clientChunks(): AstroIntegration {
  let serverDir = "";
  let shared: string[] = [];
  const plugin: Plugin = {
    name: "amora:client-chunks",
    apply: "build",
    configEnvironment: (name) =>
      name === "client"
        ? {
            build: {
              rolldownOptions: { output: { codeSplitting: { groups: CLIENT_CHUNK_GROUPS } } },
            },
          }
        : undefined,
    generateBundle(_options, bundle) {
      if (this.environment.name === "client")
        shared = sharedClientChunks(bundle as Record<string, OutputLike>);
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
        logger.info(
          `${shared.length} shared scripts preloaded by member pages: ${shared.join(" ")}`,
        );
      },
    },
  };
}
