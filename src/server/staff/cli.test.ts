import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seedDataDir } from "../../test/test-database";
import { staffSocketPath } from "./socket-client";

/*
 * `npm run staff` (decision 0010) on the embedded database: with no server it opens the data
 * directory itself; while a server owns the directory it goes through the server's socket, as
 * the directory has one owner. (With DATABASE_URL it simply connects: nothing to test here.)
 */
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "staff-cli-"));
  dirs.push(dir);
  return dir;
}

const envFor = (dataDir: string) => ({
  ...process.env,
  NODE_ENV: "development",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
});

/** Runs `npm run staff -- …args` on a data directory: its exit code, output and errors. */
async function staffCommand(dataDir: string, args: string[], stdin = "") {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/staff.ts", ...args], {
    env: envFor(dataDir),
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  child.stdin?.end(stdin);
  const [code] = (await once(child, "exit")) as [number];
  return { code, stdout, stderr, json: code === 0 ? JSON.parse(stdout) : undefined };
}

/** The server's module (src/server/index.ts) in another process, owning the data directory. */
async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "-e",
      `await import("./src/server/index.ts"); setInterval(() => {}, 1000);`,
    ],
    { env: envFor(dataDir) },
  );
  children.push(child);
  const socket = staffSocketPath(dataDir);
  for (let waited = 0; !existsSync(socket); waited += 200) {
    if (waited > 60_000 || child.exitCode !== null) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return child;
}

describe("npm run staff", () => {
  // One data directory, in order: first owned by a server, then by nobody.
  const dataDir = tempDataDir();

  it("refuses a short password, an unknown role and a bad command before opening anything", async () => {
    const short = await staffCommand(
      dataDir,
      ["add", "a@example.com", "--role", "admin"],
      "short\n",
    );
    expect(short).toMatchObject({ code: 1, stderr: expect.stringMatching(/^invalid password/) });
    const role = await staffCommand(dataDir, ["add", "a@example.com", "--role", "boss"], "x\n");
    expect(role).toMatchObject({ code: 1, stderr: expect.stringMatching(/^invalid role/) });
    const usage = await staffCommand(dataDir, ["remove", "a@example.com"]);
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Usage:/) });
    // Nothing was opened: the directory is as it was made.
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it("adds, lists, refuses and disables through the server that owns the data directory", async () => {
    const server = await startServer(seedDataDir(dataDir));
    const added = await staffCommand(
      dataDir,
      ["add", "Lead@Example.com", "--role", "moderator", "--language", "de"],
      "a long staff password\n",
    );
    expect(added.stderr).toBe("");
    expect(added.json).toEqual({
      email: "lead@example.com",
      role: "moderator",
      totp_secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
    });
    const again = await staffCommand(
      dataDir,
      ["add", "lead@example.com", "--role", "admin"],
      "a long staff password\n",
    );
    expect(again).toMatchObject({
      code: 1,
      stderr: "lead@example.com already has a staff account\n",
    });
    const missing = await staffCommand(dataDir, ["disable", "nobody@example.com"]);
    expect(missing).toMatchObject({ code: 1, stderr: "nobody@example.com has no staff account\n" });
    const disabled = await staffCommand(dataDir, ["disable", "LEAD@example.com"]);
    expect(disabled.json).toMatchObject({ email: "lead@example.com" });
    const listed = await staffCommand(dataDir, ["list"]);
    expect(listed.json).toEqual([
      expect.objectContaining({
        email: "lead@example.com",
        role: "moderator",
        language: "de",
        disabled_at: disabled.json.disabled_at,
      }),
    ]);
    // The server kept the directory all along, and its socket lets only its user in.
    expect(server.exitCode).toBeNull();
    expect(statSync(staffSocketPath(dataDir)).mode & 0o777).toBe(0o600);
    // A server that dies leaves its socket behind: the next command opens the directory itself.
    server.kill("SIGKILL");
    await once(server, "exit");
    expect(existsSync(staffSocketPath(dataDir))).toBe(true);
  }, 180_000);

  it("adds and lists with no server, opening the database itself", async () => {
    const added = await staffCommand(
      dataDir,
      ["add", "support@example.com", "--role", "support"],
      "another long password\n",
    );
    expect(added).toMatchObject({ code: 0, stderr: "" });
    expect(added.json).toMatchObject({ email: "support@example.com", role: "support" });
    const listed = await staffCommand(dataDir, ["list"]);
    expect(listed.json).toEqual([
      expect.objectContaining({ email: "lead@example.com", disabled_at: expect.any(String) }),
      expect.objectContaining({ email: "support@example.com", language: "en", disabled_at: null }),
    ]);
  }, 180_000);
});
