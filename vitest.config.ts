import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine,
    // which left a core idle while a file waited on its database. Three keep both busy.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          exclude: ["src/**/*.astro.test.ts", "node_modules/**"],
          // Migrates one database per run; each file starts from a copy of it (issue 26).
          globalSetup: ["./src/test/global-setup.ts"],
          setupFiles: ["./src/test/setup.ts"],
          globals: true,
          // Each file gets its own module graph, so its own database (design §11).
          isolate: true,
          pool: "forks",
          // drizzle-orm's package.json is 180 KB, and Node parses its "exports" again for every
          // one of its files a test file imports natively (about 0.6 s of CPU a file); Vite's
          // runner loads it with the app's own modules instead, transformed once a run.
          server: { deps: { inline: ["drizzle-orm"] } },
          // Each file opens its own PGlite, a 9 MB WebAssembly module: V8's optimizing tier
          // recompiles it in the background for seconds of CPU a file lives too short to gain
          // from. The baseline compiler alone halves PGlite's CPU in a test file.
          execArgv: ["--liftoff-only"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      "./vitest.astro.config.ts",
    ],
  },
});
