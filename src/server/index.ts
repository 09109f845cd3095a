import { createApp } from "./app";
import { getReadyDb } from "./startup";
import { eraseExpiredAccounts } from "./users/deletion";

/** The one app instance of this process; Astro's endpoints hand /api and /media requests to it. */
export const app = createApp();

// The scheduled erasure of accounts deleted more than 14 days ago (spec §1), hourly. The same
// job runs on demand with `npm run erase-deleted`. unref: it never keeps the process alive.
const ERASURE_INTERVAL_MS = 60 * 60 * 1000;
if (process.env.NODE_ENV !== "test") {
  setInterval(() => {
    getReadyDb()
      .then((db) => eraseExpiredAccounts(db))
      .catch((error: unknown) => console.error("erasure job failed:", error));
  }, ERASURE_INTERVAL_MS).unref();
}
