import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import lockfile from "proper-lockfile";
import { afterEach, describe, expect, it } from "vitest";
import { seedDataDir } from "../../test/test-database";
import { DataDirLockedError, LOCK_STALE_MS, lockDataDir } from "./data-dir-lock";

const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "amora-lock-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs `code` (an ES module, with src/server/db/client.ts as `client`) in another process. */
function spawnWithDatabase(dataDir: string, code: string): ChildProcess {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "-e", `const client = await import("./src/server/db/client.ts");\n${code}`],
    { env: { ...process.env, NODE_ENV: "development", DATA_DIR: dataDir, DATABASE_URL: "" } },
  );
  children.push(child);
  return child;
}

/** Starts the database the way the server does, in another process, on a data directory. */
function startServerProcess(dataDir: string): Promise<ChildProcess> {
  const child = spawnWithDatabase(
    dataDir,
    `await client.getConnection();
     console.log("ready");
     setInterval(() => {}, 1000);`,
  );
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (output.includes("ready")) resolve(child);
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => reject(new Error(`server process exited (${code}): ${output}`)));
  });
}

/** A process that takes the directory's lock and holds it until killed. */
async function startLockHolder(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "-e",
      `const { lockDataDir } = await import("./src/server/db/data-dir-lock.ts");
       await lockDataDir(process.env.LOCK_DIR);
       console.log("taken");
       setInterval(() => {}, 1000);`,
    ],
    { env: { ...process.env, LOCK_DIR: dataDir } },
  );
  children.push(child);
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (output.includes("taken")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`lock holder exited (${code}): ${output}`)));
  });
  return child;
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
}

describe("the embedded data directory after its owner crashed (issue 25)", () => {
  it("is taken over at once when its owner was killed, without waiting for the lock to go stale", async () => {
    const dataDir = tempDataDir();
    const owner = await startLockHolder(dataDir);
    await kill9(owner);
    const startedAt = Date.now();
    const release = await lockDataDir(dataDir);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    await release();
  });

  it("is taken over when the dead owner's process id now belongs to an unrelated live process", async () => {
    const dataDir = tempDataDir();
    const owner = await startLockHolder(dataDir);
    await kill9(owner);
    // The id is given to another process: its record now names a live process, started later.
    const unrelated = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
    children.push(unrelated);
    const record = JSON.parse(readFileSync(join(dataDir, "pglite.lock.owner"), "utf8"));
    writeFileSync(
      join(dataDir, "pglite.lock.owner"),
      JSON.stringify({ ...record, pid: unrelated.pid }),
    );
    const release = await lockDataDir(dataDir);
    await release();
    expect(unrelated.exitCode).toBeNull();
  });

  it("is still refused while its owner lives, with the message saying what to do", async () => {
    const dataDir = tempDataDir();
    const owner = await startLockHolder(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      new RegExp(`in use by another process \\(pid ${owner.pid}\\).*Stop that process first`, "s"),
    );
    // Its refreshes falling behind do not make a live owner's lock free.
    const longAgo = new Date(Date.now() - LOCK_STALE_MS - 5_000);
    utimesSync(join(dataDir, "pglite.lock"), longAgo, longAgo);
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it("stops `npm run db:migrate` with the message `npm start` gives, not a stack trace", async () => {
    const dataDir = tempDataDir();
    const owner = await startLockHolder(dataDir);
    const migrate = spawn(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], {
      env: { ...process.env, NODE_ENV: "development", DATA_DIR: dataDir, DATABASE_URL: "" },
    });
    children.push(migrate);
    let stderr = "";
    migrate.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(migrate, "exit");
    expect(code).toBe(1);
    expect(stderr).toContain(`in use by another process (pid ${owner.pid})`);
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it("lets one of two processes starting together take a dead owner's lock, never both", async () => {
    const dataDir = tempDataDir();
    const owner = await startLockHolder(dataDir);
    await kill9(owner);
    const tries = await Promise.allSettled([startLockHolder(dataDir), startLockHolder(dataDir)]);
    expect(tries.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
  });
});

describe("the embedded data directory (design §10: one process owns it)", () => {
  it("refuses a second owner while a server process holds it, saying what to do, for a while", async () => {
    const dataDir = seedDataDir(tempDataDir());
    const server = await startServerProcess(dataDir);
    const second = lockDataDir(dataDir);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(
      new RegExp(`in use by another process \\(pid ${server.pid}\\).*Stop that process first`, "s"),
    );
    // Even when its refreshes fall behind (a long synchronous stretch), a live owner keeps it.
    const longAgo = new Date(Date.now() - LOCK_STALE_MS - 5_000);
    utimesSync(join(dataDir, "pglite.lock"), longAgo, longAgo);
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);

    // A process that tries to open it meanwhile is answered the same failure for a while, not
    // a new try per request (one server start serves both checks: each costs seconds).
    const child = spawnWithDatabase(
      dataDir,
      `const failures = [];
       for (let i = 0; i < 3; i++) await client.getConnection().catch((error) => failures.push(error));
       console.log(failures.length, failures.every((error) => error === failures[0]));
       process.exit(0);`,
    );
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    await once(child, "exit");
    expect(output.trim()).toBe("3 true");

    // A server that stops normally hands the directory over at once.
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
    const release = await lockDataDir(dataDir);
    await release();
  }, 120_000);

  it("takes over the lock of a process that died without releasing it", async () => {
    const dataDir = tempDataDir();
    // A killed process leaves its lock behind, and nobody refreshes it any more.
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.once("exit", resolve));
    const lockPath = join(dataDir, "pglite.lock");
    mkdirSync(lockPath);
    writeFileSync(`${lockPath}.owner`, JSON.stringify({ pid: dead.pid, host: hostname() }));
    const longAgo = new Date(Date.now() - LOCK_STALE_MS - 5_000);
    utimesSync(lockPath, longAgo, longAgo);
    const release = await lockDataDir(dataDir);
    await release();
  });

  it("is shared by the start script and the server it loads, and released by the last", async () => {
    const dataDir = tempDataDir();
    const options = { lockfilePath: join(dataDir, "pglite.lock"), realpath: false };
    const releaseStart = await lockDataDir(dataDir);
    const releaseServer = await lockDataDir(dataDir);
    await releaseStart();
    expect(await lockfile.check(dataDir, options)).toBe(true);
    await releaseServer();
    expect(await lockfile.check(dataDir, options)).toBe(false);
  });

  it("lets another process take the directory once released, while the releaser lives on", async () => {
    // The bench and the start script open the database, release it and go on running while a
    // server they start takes it over.
    const dataDir = tempDataDir();
    const release = await lockDataDir(dataDir);
    await release();
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `const { lockDataDir } = await import("./src/server/db/data-dir-lock.ts");
         await lockDataDir(process.env.LOCK_DIR);
         console.log("taken");
         process.exit(0);`,
      ],
      { env: { ...process.env, LOCK_DIR: dataDir } },
    );
    children.push(child);
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const [code] = (await once(child, "exit")) as [number | null];
    expect(output).toContain("taken");
    expect(code).toBe(0);
  });
});
