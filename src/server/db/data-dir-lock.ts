import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import lockfile from "proper-lockfile";

/**
 * How long a lock lives without being refreshed. The owner refreshes it every few seconds; a
 * process that died (even by SIGKILL or a power cut) stops refreshing, and the next start takes
 * the directory over after this time. Generous, because PGlite runs on the event loop that does
 * the refreshing; and a lock whose owner still runs on this host is never taken over anyway.
 */
export const LOCK_STALE_MS = 30_000;

/** Another live process owns the embedded database (design §10). */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid?: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process` +
        `${ownerPid ? ` (pid ${ownerPid})` : ""}: a running \`npm start\`, ` +
        "`npm run dev` or a script. Stop that process first, or use a PostgreSQL server " +
        "(DATABASE_URL) to run several processes. If the other process crashed, its lock " +
        `frees itself within ${LOCK_STALE_MS / 1000} seconds.`,
    );
    this.name = "DataDirLockedError";
  }
}

type Owner = { pid: number; host: string };

/** Beside the lock, not in it: proper-lockfile's lock is a directory it removes with rmdir. */
const ownerFile = (dir: string) => join(dir, "pglite.lock.owner");

function readOwner(dir: string): Owner | null {
  try {
    return JSON.parse(readFileSync(ownerFile(dir), "utf8")) as Owner;
  } catch {
    return null;
  }
}

/** Is the process that wrote the lock still running? Only knowable for this host's processes. */
function isOwnerAlive(owner: Owner | null): owner is Owner {
  if (!owner || owner.host !== hostname() || owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

type HeldLock = { holders: number; release: () => Promise<void> };

/**
 * The locks this process holds, by directory. Kept on globalThis because one process can load this
 * module twice (`npm start` runs the sources with tsx, then the server's bundled copy): both are
 * the same owner, so the second asks for the lock and shares it.
 */
const processLocks = globalThis as { amoraDataDirLocks?: Map<string, HeldLock> };
processLocks.amoraDataDirLocks ??= new Map();
const held: Map<string, HeldLock> = processLocks.amoraDataDirLocks;

/**
 * design §10: one process owns an embedded data directory. PGlite keeps its data in memory and
 * writes it back to the directory, so two processes on one directory each serve their own copy
 * and lose each other's acknowledged writes. Returns the function that releases this hold; the
 * lock itself goes when the last hold in the process is released, or when the process exits.
 * @example const release = await lockDataDir("./data"); … await release();
 */
export async function lockDataDir(
  dataDir: string,
  options: { onLost?: (error: Error) => void } = {},
): Promise<() => Promise<void>> {
  const dir = resolve(dataDir);
  let lock = held.get(dir);
  if (!lock) {
    mkdirSync(dir, { recursive: true });
    const lockPath = join(dir, "pglite.lock");
    // A lock whose refreshes fell behind (a long synchronous stretch of its owner) is still that
    // owner's while the process lives: only a dead owner's lock is taken over as stale.
    const owner = readOwner(dir);
    if (isOwnerAlive(owner)) throw new DataDirLockedError(dir, owner.pid);
    let release: () => Promise<void>;
    try {
      release = await lockfile.lock(dir, {
        lockfilePath: lockPath,
        stale: LOCK_STALE_MS,
        realpath: false,
        onCompromised:
          options.onLost ??
          ((error) => {
            // Someone else may now be writing the same files: stop rather than corrupt them.
            console.error(`Lost the lock on ${dir}; stopping to protect the data.`, error);
            process.exit(1);
          }),
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
        throw new DataDirLockedError(dir, readOwner(dir)?.pid);
      }
      throw error;
    }
    writeFileSync(ownerFile(dir), JSON.stringify({ pid: process.pid, host: hostname() }));
    lock = { holders: 0, release };
    held.set(dir, lock);
  }
  const hold = lock;
  hold.holders++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    hold.holders--;
    if (hold.holders === 0 && held.get(dir) === hold) {
      held.delete(dir);
      // The owner record goes first: a process that released the directory and lives on (the
      // start script, the bench) must not keep others out as a "live owner".
      rmSync(ownerFile(dir), { force: true });
      await hold.release();
    }
  };
}
