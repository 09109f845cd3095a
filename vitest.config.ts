import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/** What the API files and the other unit files share. */
const shared = {
  // Migrates one database per run; each file starts from a copy of it (issue 26).
  globalSetup: ["./src/test/global-setup.ts"],
  setupFiles: ["./src/test/setup.ts"],
  globals: true,
  pool: "forks",
  // drizzle-orm's package.json is 180 KB, and Node parses its "exports" again for every one of
  // its files a test file imports natively (about 0.6 s of CPU a file); Vite's runner loads it
  // with the app's own modules instead, transformed once a run.
  server: { deps: { inline: ["drizzle-orm"] } },
  // Each file opens its own PGlite, a 9 MB WebAssembly module: V8's optimizing tier recompiles
  // it in the background for seconds of CPU a database lives too short to gain from. The
  // baseline compiler alone halves PGlite's CPU in a test file.
  execArgv: ["--liftoff-only"],
  testTimeout: 20_000,
  hookTimeout: 60_000,
} satisfies TestProjectInlineConfiguration["test"];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine,
    // which left a core idle while a file waited on its database. Three keep both busy.
    maxWorkers: 3,
    projects: [
      {
        test: {
          ...shared,
          name: "api",
          include: ["src/server/**/*.test.ts"],
          exclude: ["src/**/*.astro.test.ts", "node_modules/**"],
          // A worker process runs file after file instead of one process a file: about 1.4 s of
          // CPU a file saved (the process, Vitest's runtime and the packages Node loads), a
          // third of the suite. Each file still gets its own module graph, database and
          // environment (design §11): the set-up file closes and forgets them after it
          // (src/test/setup.ts).
          isolate: false,
          unstubEnvs: true,
          unstubGlobals: true,
        },
      },
      {
        test: {
          ...shared,
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
          exclude: ["src/server/**", "src/**/*.astro.test.ts", "node_modules/**"],
          // A process a file: components share a DOM environment, which a file leaves changed.
          isolate: true,
        },
      },
      "./vitest.astro.config.ts",
    ],
  },
});
