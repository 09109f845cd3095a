import { Window } from "happy-dom";
import { populateGlobal } from "vitest/runtime";

/**
 * A happy-dom page for component tests whose islands call the real API in the same process
 * (see api-server.ts). Vitest's happy-dom environment also replaces fetch, Request, Response
 * and Headers with a browser's, and the server would then build its answers with them: a
 * browser's Request drops the Cookie header and its Response drops Set-Cookie, so no one could
 * be logged in. This page gives the globals the DOM (what React and Testing Library need) and
 * leaves Node's fetch and its classes to the page and the server alike.
 *
 * Import it first in a test file that runs in the node environment: React and Testing Library
 * look for a DOM when they load.
 */
export const page = new Window({
  url: "http://127.0.0.1/",
  settings: { disableErrorCapturing: true },
});
populateGlobal(globalThis, page, { bindFunctions: true });
