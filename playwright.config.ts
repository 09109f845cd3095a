import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/chromium";
import { MAIL_WEBHOOK_SECRET } from "./tests/e2e-server";

const PORT = Number(process.env.E2E_PORT ?? 4322);

// Most journeys start as a visitor who has already passed the entry warning and answered the
// cookie notice, and as a member who put the time-bonus pop-up away (spec §9: it opens 40 s
// into the members area); tests of those start from an empty state of their own.
const hosts = ["localhost", "127.0.0.1"];
const cookie = (name: string, value: string) =>
  hosts.map((domain) => ({
    name,
    value,
    domain,
    path: "/",
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: "Lax" as const,
  }));
const answeredNotices = {
  cookies: [
    ...cookie("cookie_consent", "all"),
    ...cookie("dismissals", encodeURIComponent(JSON.stringify({ timeBonus: Date.now() }))),
  ],
  origins: hosts.map((host) => ({
    origin: `http://${host}:${PORT}`,
    localStorage: [{ name: "entry-warning-dismissed-at", value: "2026-01-01T00:00:00.000Z" }],
  })),
};

export default defineConfig({
  testDir: "tests/e2e",
  // Every test creates its own members (tests/e2e/fixtures.ts), so tests run in any order and
  // side by side; CI has two cores.
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Two workers, Chromium and the server share two cores: a long journey needs some slack.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    storageState: answeredNotices,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: /mobile\.spec\.ts/,
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], channel: undefined },
      testMatch: /mobile\.spec\.ts/,
    },
  ],
  webServer: {
    // A fresh embedded database with a small demo seed, served from the production build.
    command: "rm -rf .e2e-data && node_modules/.bin/tsx scripts/start.ts",
    url: `http://127.0.0.1:${PORT}/api/settings.php`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      DATA_DIR: ".e2e-data",
      PORT: String(PORT),
      // The sites' configured origins as the build (run without PORT) wrote them into the
      // prerendered pages; the server listens elsewhere, so a link built from the request's
      // address instead would show.
      AMORA_ORIGIN: "http://localhost:4321",
      HERZKLOPFEN_ORIGIN: "http://127.0.0.1:4321",
      HOST: "127.0.0.1",
      // design §13: the console answers on the staff origin's host alone; here, the address
      // the tests browse (the default site's configured origin is another port).
      STAFF_ORIGIN: `http://localhost:${PORT}`,
      // The tests create their own members; a few demo members still prove the seed and the
      // demo logins, and rendering their portraits is most of the server's start-up.
      SEED_MEMBERS: "8",
      // The fixture API the tests create their members with, and the outbox page they read
      // e-mailed links from: development aids, on only for this throwaway server.
      TEST_FIXTURES: "true",
      DEV_OUTBOX: "true",
      // The mail provider's bounce and complaint webhook (issue 29 item 14), as production has it.
      MAIL_WEBHOOK_SECRET,
      // Every journey signs up and logs in from 127.0.0.1; the defaults allow 10 signups an
      // hour and 30 logins in 15 minutes.
      SIGNUP_IP_LIMIT: "100",
      LOGIN_IP_LIMIT: "1000",
      ASTRO_TELEMETRY_DISABLED: "1",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
