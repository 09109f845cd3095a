import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_PRELOADS } from "../src/server/lib/client-preloads";
import {
  clientChunkGroups,
  ISLAND_PRELOADS_TOKEN,
  islandClientChunks,
  PRELOADS_TOKEN,
  pageScriptModules,
  sharedClientChunks,
  writeIntoServerBuild,
  writePreloads,
} from "./client-chunks";

const chunk = (
  fileName: string,
  imports: string[],
  extra: { name?: string; isEntry?: boolean; facadeModuleId?: string } = {},
) => ({
  type: "chunk" as const,
  fileName,
  imports,
  name: extra.name ?? fileName.split("/").at(-1)?.split(".")[0] ?? "",
  isEntry: extra.isEntry ?? false,
  facadeModuleId: extra.facadeModuleId ?? null,
});

describe("the members' client chunks (issue 30 item 2)", () => {
  it("preloads the renderer, the shared groups and all they import, not the islands", () => {
    const bundle = Object.fromEntries(
      [
        chunk("_astro/client.A.js", ["_astro/react.B.js"], {
          isEntry: true,
          facadeModuleId: "/app/node_modules/@astrojs/react/dist/client.js",
        }),
        chunk("_astro/react.B.js", ["_astro/rolldown-runtime.C.js"]),
        chunk("_astro/rolldown-runtime.C.js", []),
        chunk("_astro/app.D.js", ["_astro/react.B.js"]),
        chunk("_astro/SwipeGame.E.js", ["_astro/app.D.js", "_astro/react.B.js"], {
          isEntry: true,
          facadeModuleId: "/app/src/islands/discovery/SwipeGame.tsx",
        }),
        chunk("_astro/uPlot.F.js", []),
        { type: "asset" as const, fileName: "_astro/style.css" },
      ].map((output) => [output.fileName, output]),
    );
    expect(sharedClientChunks(bundle)).toEqual([
      "/_astro/app.D.js",
      "/_astro/client.A.js",
      "/_astro/react.B.js",
      "/_astro/rolldown-runtime.C.js",
    ]);
  });

  it("names each island's own scripts by its module: its chunk and what the shared list lacks", () => {
    const island = (fileName: string, module: string, imports: string[]) =>
      chunk(fileName, imports, { isEntry: true, facadeModuleId: `/app/src/islands/${module}.tsx` });
    const bundle = Object.fromEntries(
      [
        chunk("_astro/app.D.js", ["_astro/react.B.js"]),
        chunk("_astro/react.B.js", []),
        island("_astro/SwipeGame.E.js", "discovery/SwipeGame", ["_astro/app.D.js"]),
        island("_astro/ProfileWizard.F.js", "profile/wizard/ProfileWizard", [
          "_astro/app.D.js",
          "_astro/steps.G.js",
        ]),
        chunk("_astro/steps.G.js", ["_astro/react.B.js"]),
        chunk("_astro/client.A.js", [], {
          isEntry: true,
          facadeModuleId: "/app/node_modules/@astrojs/react/dist/client.js",
        }),
        { type: "asset" as const, fileName: "_astro/style.css" },
      ].map((output) => [output.fileName, output]),
    );
    expect(islandClientChunks(bundle, ["/_astro/app.D.js", "/_astro/react.B.js"])).toEqual({
      "discovery/SwipeGame": ["/_astro/SwipeGame.E.js"],
      "profile/wizard/ProfileWizard": ["/_astro/ProfileWizard.F.js", "/_astro/steps.G.js"],
    });
  });

  it("preloads what an island shares with a page's own script, not what a page script alone imports", () => {
    const pageScript = (fileName: string, imports: string[]) =>
      chunk(fileName, imports, {
        isEntry: true,
        facadeModuleId: "/app/src/layouts/Base.astro?astro&type=script&index=0&lang.ts",
      });
    const bundle = Object.fromEntries(
      [
        chunk("_astro/client.A.js", [], {
          isEntry: true,
          facadeModuleId: "/app/node_modules/@astrojs/react/dist/client.js",
        }),
        pageScript("_astro/Base.B.js", ["_astro/time-zone.C.js", "_astro/links.D.js"]),
        chunk("_astro/time-zone.C.js", []),
        chunk("_astro/links.D.js", []),
        chunk("_astro/ChatApp.E.js", ["_astro/time-zone.C.js"], {
          isEntry: true,
          facadeModuleId: "/app/src/islands/chat/ChatApp.tsx",
        }),
      ].map((output) => [output.fileName, output]),
    );
    expect(sharedClientChunks(bundle)).toEqual(["/_astro/client.A.js", "/_astro/time-zone.C.js"]);
  });

  it("keeps staff code and the big lazy libraries out of the members' shared chunk", () => {
    const [react, app] = clientChunkGroups(() => false);
    const inApp = (id: string) => (typeof app?.test === "function" ? app.test(id) : false);
    expect(
      react?.test instanceof RegExp && react.test.test("/x/node_modules/react-dom/client.js"),
    ).toBe(true);
    expect(inApp("/x/src/islands/ui/Modal.tsx")).toBe(true);
    expect(inApp("\0vite/preload-helper.js")).toBe(true);
    expect(inApp("/x/src/islands/staff/AuditLog.tsx")).toBe(false);
    expect(inApp("/x/node_modules/swiper/swiper.mjs")).toBe(false);
  });

  it("keeps what a page's own scripts import out of the app chunk, which imports React", () => {
    const graph = new Map<string, string[]>([
      [
        "/x/src/layouts/Base.astro?astro&type=script&index=0&lang.ts",
        ["/x/src/scripts/public-page.ts"],
      ],
      ["/x/src/scripts/public-page.ts", ["/x/src/i18n/locales.ts"]],
      ["/x/src/i18n/locales.ts", []],
      ["/x/src/islands/ui/Modal.tsx", ["/x/src/i18n/locales.ts", "/x/src/lib/api-client.ts"]],
      ["/x/src/lib/api-client.ts", []],
    ]);
    const pageModules = pageScriptModules(graph);
    expect([...pageModules].sort()).toEqual([
      "/x/src/i18n/locales.ts",
      "/x/src/layouts/Base.astro?astro&type=script&index=0&lang.ts",
      "/x/src/scripts/public-page.ts",
    ]);
    const [, app] = clientChunkGroups((id) => pageModules.has(id));
    const inApp = (id: string) => (typeof app?.test === "function" ? app.test(id) : false);
    expect(inApp("/x/src/lib/api-client.ts")).toBe(true);
    expect(inApp("/x/src/i18n/locales.ts")).toBe(false);
  });

  describe("writing the list into the server build", () => {
    let dir = "";
    afterEach(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it("replaces the token in either quote, in every chunk that holds it", async () => {
      dir = await mkdtemp(join(tmpdir(), "client-chunks-"));
      await mkdir(join(dir, "chunks"));
      await writeFile(join(dir, "chunks", "a.mjs"), `const x = ["${PRELOADS_TOKEN}"].filter(f);`);
      await writeFile(join(dir, "b.mjs"), `const y = ['${PRELOADS_TOKEN}'];`);
      await writeFile(join(dir, "c.mjs"), "const z = 1;");
      const written = await writePreloads(dir, ["/_astro/react.B.js", "/_astro/app.D.js"]);
      expect(written).toBe(2);
      expect(await readFile(join(dir, "chunks", "a.mjs"), "utf8")).toBe(
        'const x = ["/_astro/react.B.js", "/_astro/app.D.js"].filter(f);',
      );
      expect(await readFile(join(dir, "b.mjs"), "utf8")).toBe(
        'const y = ["/_astro/react.B.js", "/_astro/app.D.js"];',
      );
    });

    it("writes the islands' map as a string of JSON, whatever its characters", async () => {
      dir = await mkdtemp(join(tmpdir(), "client-chunks-"));
      await writeFile(join(dir, "a.mjs"), `const m = parse("${ISLAND_PRELOADS_TOKEN}");`);
      const map = { "discovery/SwipeGame": ["/_astro/Swipe$&Game.E.js"] };
      const json = JSON.stringify(JSON.stringify(map));
      expect(await writeIntoServerBuild(dir, ISLAND_PRELOADS_TOKEN, json)).toBe(1);
      const written = await readFile(join(dir, "a.mjs"), "utf8");
      expect(written).toBe(`const m = parse(${json});`);
      expect(JSON.parse(JSON.parse(written.slice(16, -2)))).toEqual(map);
    });

    it("leaves the source's list empty, where Vite serves modules one by one", () => {
      expect(CLIENT_PRELOADS).toEqual([]);
    });
  });
});
