// design §11: browser tests need Chromium. Where it is missing and this is Debian run as root
// (a fresh container, CI), it is installed here, saying so; anywhere else the test run stops
// with how to get it, rather than skipping the browser tests silently.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";

const given = process.env.CHROMIUM_PATH;
const path = given ?? "/usr/bin/chromium";

function found() {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Debian's apt, as root: the one place this script may install a package itself. */
function canInstall() {
  return (
    !given &&
    existsSync("/etc/debian_version") &&
    process.getuid?.() === 0 &&
    spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0
  );
}

function install() {
  console.log("Chromium is missing; installing Debian's package for the browser tests (apt-get)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "chromium"],
  ]) {
    const run = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (run.status !== 0) return false;
  }
  return found();
}

if (!found() && !(canInstall() && install())) {
  console.error(
    `Chromium was not found at ${path}. The browser tests drive the system Chromium.\n` +
      "Install it with:  sudo apt-get install chromium\n" +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  process.exit(1);
}
