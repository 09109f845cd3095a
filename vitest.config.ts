import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    setupFiles: ["./src/test/setup.ts"],
    globals: true,
    // Each file gets its own module graph, so its own in-memory PGlite database (design §11).
    isolate: true,
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
