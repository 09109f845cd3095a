/**
 * The scripts every island needs (the React renderer, React, the members' shared code), which
 * member pages preload from their head so that a phone fetches them in its first round of
 * requests (issue 30 item 2). The build writes the list in place of the token
 * (scripts/client-chunks.ts); under `astro dev` and Vitest it is empty, as Vite serves modules
 * one by one there.
 */
export const CLIENT_PRELOADS: readonly string[] = ["@@AMORA_CLIENT_PRELOADS@@"].filter((href) =>
  href.startsWith("/"),
);
