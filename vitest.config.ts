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
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      "./vitest.astro.config.ts",
    ],
  },
});
