/**
 * Issue 25, item 20: a full disk. Starts the built server as production starts it (`npm start`,
 * NODE_ENV=production) on the embedded database with DATA_DIR (the database and the photos) on
 * a small tmpfs of its own, fills that disk, and checks that:
 * - while running, reads are served and writes refused for the full disk answer 503
 *   `{ error: "storage_full", message }` (translated), never a 500: a photo upload (the photo
 *   files) and profile writes until the database has no room for them;
 * - restarted on the full disk, the server starts (start-up's ANALYZE is refused), serves reads
 *   and refuses those writes the same way;
 * - once there is room again, the same write succeeds without a restart.
 * Needs root (it mounts the tmpfs); unmounts it on exit.
 *
 * npm run fault:disk-full -- [--port 42020]
 */
import { execFileSync } from "node:child_process";
import {
  closeSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { argument, logIn, Server } from "./harness";

const port = Number(argument("port", "42020"));
const origin = `http://127.0.0.1:${port}`;
const STORAGE_FULL_DE = "Wir können gerade nichts speichern, weil unser Speicher voll ist.";
/** Room for the embedded database, its WAL and the demo's photos, and little more. */
const TMPFS_SIZE = "160m";
/** What a start may find free on the "full" disk: PostgreSQL's lock file and our owner record. */
const START_ROOM_BYTES = 16 * 1024;

const problems: string[] = [];
function check(condition: boolean, what: string): void {
  console.log(`  ${condition ? "ok" : "FAIL"} ${what}`);
  if (!condition) problems.push(what);
}

type Reply = { status: number; body: string };

async function call(path: string, init: RequestInit & { cookie: string }): Promise<Reply> {
  const response = await fetch(`${origin}${path}`, {
    ...init,
    headers: { ...(init.headers ?? {}), cookie: init.cookie, "accept-language": "de" },
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: await response.text() };
}

function isStorageFull(reply: Reply): boolean {
  if (reply.status !== 503) return false;
  try {
    const body = JSON.parse(reply.body) as { error?: unknown; message?: unknown };
    return (
      body.error === "storage_full" &&
      typeof body.message === "string" &&
      body.message.startsWith(STORAGE_FULL_DE)
    );
  } catch {
    return false;
  }
}

const photo = await sharp({
  create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 90, b: 120 } },
})
  .jpeg()
  .toBuffer();

function uploadPhoto(cookie: string): Promise<Reply> {
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "photo.jpg");
  return call("/api/photos.php", { method: "POST", body: form, cookie });
}

/**
 * Profile writes (a new text each time, so each writes a new row version) until one is refused
 * or `attempts` have run: every answer must be a success or a clear storage_full.
 */
async function writeUntilRefused(cookie: string, attempts: number): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (let i = 0; i < attempts; i++) {
    const about = `${"Ich wandere gern, koche gern und lese viel. ".repeat(30)}${i}`;
    const reply = await call("/api/profile.php", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ step: 0, about }),
      cookie,
    });
    replies.push(reply);
    if (reply.status !== 200) break;
  }
  return replies;
}

/** Writes to a file until the disk refuses more: the disk is full. */
function fillDisk(file: number): void {
  for (const size of [1024 * 1024, 4096]) {
    const chunk = Buffer.alloc(size, 7);
    try {
      for (;;) writeSync(file, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
    }
  }
}

/**
 * Keeps the disk full: what the database frees (a checkpoint removes old WAL files) is taken
 * again at once, as another writer on a full disk would. Answers the function that stops it.
 */
function keepDiskFull(path: string): () => void {
  const file = openSync(path, "a");
  fillDisk(file);
  const timer = setInterval(() => fillDisk(file), 20);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    closeSync(file);
  };
}

async function checkFullDisk(cookie: string, when: string): Promise<void> {
  const read = await call("/api/user.php", { cookie });
  check(read.status === 200, `${when}: a member's read is served (${read.status})`);
  const upload = await uploadPhoto(cookie);
  check(
    isStorageFull(upload),
    `${when}: a photo upload answers 503 storage_full (${upload.status} ${upload.body.slice(0, 120)})`,
  );
  const writes = await writeUntilRefused(cookie, 400);
  const last = writes.at(-1);
  check(
    writes.every((reply) => reply.status === 200 || isStorageFull(reply)) &&
      last !== undefined &&
      isStorageFull(last),
    `${when}: profile writes succeed until the database has no room, then answer 503 storage_full (${writes.length} writes, the last ${last?.status} ${last?.body.slice(0, 120)})`,
  );
}

if (process.getuid?.() !== 0) {
  console.error("scripts/faults/disk-full.ts mounts a tmpfs: run it as root.");
  process.exit(1);
}
const startedAt = Date.now();
const mount = mkdtempSync(join(tmpdir(), "amora-fault-disk-"));
execFileSync("mount", ["-t", "tmpfs", "-o", `size=${TMPFS_SIZE}`, "tmpfs", mount]);
const unmount = () => {
  // For a look at what was left (the database's files), once.
  if (process.env.KEEP_MOUNT) return console.log(`  Left mounted: ${mount}`);
  // The stopped server's last process may still hold its files for a moment.
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      execFileSync("umount", [mount], { stdio: "ignore" });
      rmSync(mount, { recursive: true, force: true });
      return;
    } catch {
      execFileSync("sleep", ["0.5"]);
    }
  }
  // Still busy: detached now, freed when the last user lets go (or unmounted already).
  try {
    execFileSync("umount", ["-l", mount], { stdio: "ignore" });
  } catch {}
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    unmount();
    process.exit(1);
  });
}
const env = {
  DATA_DIR: join(mount, "data"),
  DATABASE_URL: "",
  HOST: "127.0.0.1",
  PORT: String(port),
  SEED_MEMBERS: "20",
  SANDBOX_PAYMENTS_IN_PRODUCTION: "true",
};
let server: Server | undefined;
let stopFillingOnExit: (() => void) | undefined;
try {
  console.log("Running, then filling the disk:");
  server = new Server(env);
  await server.ready(1);
  const cookie = await logIn(origin, "premium@example.com", "demo-password-1");
  const before = await writeUntilRefused(cookie, 1);
  check(before[0]?.status === 200, "before the disk fills, a profile write succeeds");
  let stopFilling = keepDiskFull(join(mount, "filler"));
  stopFillingOnExit = stopFilling;
  await checkFullDisk(cookie, "running on a full disk");
  check(server.exited === null, "running on a full disk: the server is still up");

  console.log("Restarting on the full disk:");
  // PostgreSQL itself needs a few kilobytes to stop (its shutdown checkpoint) and to start (its
  // postmaster.pid, rewritten in place of the one the stop removed): the stop gets room, the
  // start those few kilobytes and not a page more for its data.
  stopFilling();
  rmSync(join(mount, "filler"));
  await server.stop();
  const filler = openSync(join(mount, "filler"), "a");
  fillDisk(filler);
  closeSync(filler);
  truncateSync(join(mount, "filler"), statSync(join(mount, "filler")).size - START_ROOM_BYTES);
  server = new Server(env);
  await server.ready(1, 120_000);
  check(server.exited === null, "the server starts on a full disk");
  check(
    /storage_full: .*No space left on device/.test(server.output),
    "its start-up ANALYZE was refused for the full disk, and it started all the same",
  );
  stopFilling = keepDiskFull(join(mount, "filler"));
  stopFillingOnExit = stopFilling;
  const again = await logIn(origin, "premium@example.com", "demo-password-1").catch(() => cookie);
  await checkFullDisk(again, "restarted on a full disk");

  console.log("Making room:");
  stopFilling();
  stopFillingOnExit = undefined;
  rmSync(join(mount, "filler"));
  const after = await writeUntilRefused(again, 1);
  check(after[0]?.status === 200, "with room again, the write succeeds without a restart");
  check(server.exited === null, "the server never stopped");
} catch (error) {
  problems.push(String(error));
  console.error(error);
} finally {
  if (problems.length && server) {
    const log = join(tmpdir(), `amora-fault-disk-full-${Date.now()}.log`);
    writeFileSync(log, server.output);
    console.log(`  The server's output: ${log}`);
  }
  stopFillingOnExit?.();
  await server?.stop();
  unmount();
}
console.log(
  `${problems.length ? "FAILED" : "Passed"} (${Math.round((Date.now() - startedAt) / 1000)} s): a full disk`,
);
process.exit(problems.length ? 1 : 0);
