import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import lockfile from "proper-lockfile";

/**
 * How long a lock lives without being refreshed. The owner refreshes it every few seconds. A
 * dead owner on this host is recognised from its owner record and its lock taken over at once;
 * this time only matters where that cannot be known (an owner on another host sharing the
 * directory, or a record without the owner's start time), after which the lock is taken over.
 * Generous, because a live owner's refreshes can fall behind (a long synchronous stretch).
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
        "(DATABASE_URL) to run several processes. A process that stopped or crashed leaves " +
        "nothing behind that keeps the next one out.",
    );
    this.name = "DataDirLockedError";
  }
}

/**
 * For the scripts that open the embedded database (`npm start`, `db:migrate`, `seed`, …): answers
 * `work`'s result, or, when another process owns the directory, prints why and exits with 1
 * instead of a stack trace.
 */
export async function exitIfDataDirLocked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * Who holds the lock: the process id, the host, and when the process started (`started`), which
 * tells it from a later process given the same id (a restarted container's processes get the
 * same small ids again).
 */
type Owner = { pid: number; host: string; started?: string };

/** Beside the lock, not in it: proper-lockfile's lock is a directory it removes with rmdir. */
const ownerFile = (dir: string) => join(dir, "pglite.lock.owner");
/** Held for the few milliseconds of taking over a dead owner's lock, by one process at a time. */
const takeoverDir = (dir: string) => join(dir, "pglite.lock.takeover");

function readOwner(dir: string): Owner | null {
  try {
    return JSON.parse(readFileSync(ownerFile(dir), "utf8")) as Owner;
  } catch {
    return null;
  }
}

/**
 * When a process of this host started, as an opaque string, or null where that cannot be read.
 * Linux: the boot's id and the start time in clock ticks since boot (/proc/<pid>/stat, field
 * 22); elsewhere `ps -o lstart=`.
 * @example processStartOf(process.pid) // "20147cc9-…:65343"
 */
export function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const startTime = fields[19];
    const bootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return startTime ? `${bootId}:${startTime}` : null;
  } catch {
    if (existsSync("/proc/self/stat")) return null;
  }
  try {
    const started = execFileSync("ps", ["-o", "lstart=", "-p", String(pid)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return started || null;
  } catch {
    return null;
  }
}

/**
 * What the owner record says of its process: `alive` (it runs: the lock is its), `dead` (it has
 * ended, or its id now belongs to a later process: the lock is taken over at once), or `unknown`
 * (another host's process; a record without a start time whose lock is no longer refreshed):
 * the lock is taken over once it goes stale.
 */
function ownerState(owner: Owner, lockPath: string): "alive" | "dead" | "unknown" {
  if (owner.host !== hostname()) return "unknown";
  // This process holds no lock on the directory (held, below): the record is a predecessor's.
  if (owner.pid === process.pid) return "dead";
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return "dead";
  }
  if (owner.started) {
    const started = processStartOf(owner.pid);
    return started && started !== owner.started ? "dead" : "alive";
  }
  return isLockStale(lockPath) ? "unknown" : "alive";
}

function isLockStale(lockPath: string): boolean {
  try {
    return Date.now() - statSync(lockPath).mtimeMs > LOCK_STALE_MS;
  } catch {
    return true;
  }
}

/**
 * Removes the lock a dead owner left, under a short claim of its own, so that two processes
 * starting together cannot both remove it (the second would remove the first's new lock).
 * Answers the function that gives the claim up, or null when another process is taking over.
 */
function claimDeadOwnersLock(dir: string, lockPath: string, dead: Owner): (() => void) | null {
  const claim = takeoverDir(dir);
  try {
    mkdirSync(claim);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // A claim is held for milliseconds: an old one is a taker's that died while holding it.
    if (Date.now() - statSync(claim).mtimeMs < 10_000) return null;
    rmSync(claim, { recursive: true, force: true });
    return claimDeadOwnersLock(dir, lockPath, dead);
  }
  const giveUp = () => rmSync(claim, { recursive: true, force: true });
  // Between reading the record and claiming, another process may have taken over already.
  const owner = readOwner(dir);
  if (owner && owner.pid === dead.pid && owner.started === dead.started) {
    rmSync(ownerFile(dir), { force: true });
    rmSync(lockPath, { recursive: true, force: true });
  }
  return giveUp;
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
    // owner's while the process lives; a dead owner's is taken over at once (issue 25: a crash
    // cost 30 s more downtime waiting for the lock to go stale).
    const owner = readOwner(dir);
    const state = owner ? ownerState(owner, lockPath) : "unknown";
    if (owner && state === "alive") throw new DataDirLockedError(dir, owner.pid);
    const giveUpClaim =
      owner && state === "dead" ? claimDeadOwnersLock(dir, lockPath, owner) : null;
    if (owner && state === "dead" && !giveUpClaim) throw new DataDirLockedError(dir);
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
      giveUpClaim?.();
      if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
        throw new DataDirLockedError(dir, readOwner(dir)?.pid);
      }
      throw error;
    }
    const record: Owner = { pid: process.pid, host: hostname() };
    const started = processStartOf(process.pid);
    if (started) record.started = started;
    try {
      writeFileSync(ownerFile(dir), JSON.stringify(record));
    } catch (error) {
      // A full disk (issue 25): the process still starts and serves reads. Without a record, a
      // crash of this process leaves a lock the next start takes over once it goes stale.
      if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      rmSync(ownerFile(dir), { force: true });
      console.error(`No room to record this process as the owner of ${dir} (disk full).`);
    }
    giveUpClaim?.();
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
