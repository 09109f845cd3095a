import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { memberPagePreloads, parseIslandPreloads } from "./client-preloads";

const SRC = join(import.meta.dirname, "../..");

describe("a member page's preloads (issue 30 item 2)", () => {
  it("adds the named islands' own scripts to the shared ones, each once", () => {
    const byIsland = {
      "discovery/SwipeGame": ["/_astro/SwipeGame.E.js", "/_astro/cards.F.js"],
      "chat/ChatApp": ["/_astro/ChatApp.G.js", "/_astro/cards.F.js"],
    };
    expect(memberPagePreloads(["discovery/SwipeGame", "chat/ChatApp"], byIsland)).toEqual([
      "/_astro/SwipeGame.E.js",
      "/_astro/cards.F.js",
      "/_astro/ChatApp.G.js",
    ]);
    expect(memberPagePreloads([], byIsland)).toEqual([]);
  });

  it("reads the map the build writes, and nothing from the unwritten token", () => {
    expect(parseIslandPreloads('{"ui/Toaster":["/_astro/Toaster.A.js"]}')).toEqual({
      "ui/Toaster": ["/_astro/Toaster.A.js"],
    });
    expect(parseIslandPreloads("@@AMORA_ISLAND_PRELOADS@@")).toEqual({});
  });

  it("is named, in every page and component, after an island that exists", async () => {
    const files = (await readdir(SRC, { recursive: true, encoding: "utf8" })).filter((file) =>
      file.endsWith(".astro"),
    );
    const named: string[] = [];
    for (const file of files) {
      const source = await readFile(join(SRC, file), "utf8");
      for (const [, list] of source.matchAll(/\bislands=\{([^}]*)\}/g))
        for (const [, island] of (list ?? "").matchAll(/"([^"]+)"/g)) named.push(island ?? "");
    }
    expect(named.length).toBeGreaterThanOrEqual(10);
    const missing = named.filter((island) => !existsSync(join(SRC, "islands", `${island}.tsx`)));
    expect(missing).toEqual([]);
  });
});
