/**
 * The system Chromium (browsers cannot be downloaded here, design §2) and the flags every
 * automated run gives it: Playwright's browser tests and Lighthouse in `npm run bench`.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
