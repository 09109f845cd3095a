// design §11: browser tests need Chromium; say how to get it instead of skipping silently.
import { accessSync, constants } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(
    `Chromium was not found at ${path}. The browser tests drive the system Chromium.\n` +
      "Install it with:  sudo apt-get install chromium\n" +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  process.exit(1);
}
