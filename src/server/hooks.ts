import { registerChatHooks } from "./chat/hooks";

let registered = false;

/**
 * Every feature's hooks into the features below it (a lower feature cannot import a higher one,
 * so it reports to what registered here), in one place, run at start-up by getReadyDb
 * (startup.ts) for the server, the pages, the scripts and the tests alike. Once per process:
 * later calls (each test app, each reopened database) add nothing.
 */
export function registerHooks(): void {
  if (registered) return;
  registered = true;
  registerChatHooks();
}
