import { getContainerRenderer } from "@astrojs/react/container-renderer";

/**
 * The React renderer for Astro's container API in tests: the integration's, with our server
 * half as astro.config.mjs has it (src/server/lib/react-renderer.ts), so a test renders as
 * production does.
 */
export function reactRenderer() {
  return {
    ...getContainerRenderer(),
    serverEntrypoint: new URL("../server/lib/react-renderer.ts", import.meta.url).pathname,
  };
}
