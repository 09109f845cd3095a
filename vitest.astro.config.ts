import { getViteConfig } from "astro/config";

/** Tests that render .astro layouts and components with Astro's container API. */
export default getViteConfig(
  {
    test: {
      name: "astro",
      include: ["src/**/*.astro.test.ts"],
      setupFiles: ["./src/test/setup.ts"],
      globals: true,
      pool: "forks",
      testTimeout: 20_000,
    },
  },
  { logLevel: "error" },
);
