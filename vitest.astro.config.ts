import { getViteConfig } from "astro/config";

// Set before the Astro config is read: tests use in-memory databases (src/test/setup.ts), never
// the data directory of a running `npm start`.
if (!process.env.DATABASE_URL) process.env.DATA_DIR = "memory://";

/** Tests that render .astro layouts and components with Astro's container API. */
export default getViteConfig(
  {
    test: {
      name: "astro",
      include: ["src/**/*.astro.test.ts"],
      globalSetup: ["./src/test/global-setup.ts"],
      setupFiles: ["./src/test/setup.ts"],
      globals: true,
      pool: "forks",
      testTimeout: 20_000,
      // Opening a file's database and Astro's container take seconds on a busy machine.
      hookTimeout: 60_000,
    },
  },
  { logLevel: "error" },
);
