import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      "./vitest.astro.config.ts",
    ],
  },
});
