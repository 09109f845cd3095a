// The page first: React and Testing Library look for a DOM when they load.
import "./api-page";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { startApiServer } from "./api-server";

type ApiServer = Awaited<ReturnType<typeof startApiServer>>;

/**
 * The set-up of a test file whose islands call the real API (api-server.ts): the server starts
 * before the file's first test and closes after its last; after each test the page is emptied,
 * the network is back, the calls are forgotten and the clock is real again. The file still
 * imports api-page.ts first, on a line of its own: the import sorter keeps such a line first.
 *
 * @example const api = serveIslandApi(); // then api.signInNewMember() in a test
 */
export function serveIslandApi(): ApiServer {
  // Filled in before the first test; every member is a closure or the shared calls array.
  const api = {} as ApiServer;
  // Answers come from the real server, on a machine that may be busy: wait longer than 1 s.
  configure({ asyncUtilTimeout: 10_000 });
  beforeAll(async () => {
    Object.assign(api, await startApiServer());
  });
  afterAll(() => api.close());
  afterEach(() => {
    cleanup();
    api.setOffline(false);
    api.calls.length = 0;
    vi.useRealTimers();
  });
  return api;
}

/**
 * Waits for an assertion while moving the faked setTimeout clock on (the client's retry
 * delays). Testing Library's waitFor cannot: it waits on setTimeout itself. Like it, this
 * turns React's act() checks off meanwhile: the updates come from the network, not the test.
 */
export async function waitOnFakeClock(assertion: () => void): Promise<void> {
  const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
  reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await vi.waitFor(
      () => {
        vi.advanceTimersByTime(500);
        assertion();
      },
      { timeout: 10_000, interval: 20 },
    );
  } finally {
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
}
