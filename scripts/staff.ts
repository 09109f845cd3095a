/**
 * `npm run staff -- add EMAIL --role ROLE [--language LOCALE]` (the password on standard input;
 * prints, once, `{"email","role","totp_secret"}`), `npm run staff -- list`, and
 * `npm run staff -- disable EMAIL`, `npm run staff -- inbox EMAIL --languages de,en --sites amora`
 * (issue 28: an operator's inbox): staff accounts from the command line (design §13).
 *
 * It works while the server runs (decision 0010): with DATABASE_URL it connects to PostgreSQL
 * itself; with the embedded database it asks the server that owns the data directory, through
 * its socket there, and opens the directory itself only when no server owns it.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { getEnv } from "../src/server/lib/env";
import { parseStaffCommand, StaffCommandError } from "../src/server/staff/command";
import { sendStaffCommand } from "../src/server/staff/socket-client";

const root = resolve(import.meta.dirname, "..");
if (existsSync(join(root, ".env"))) process.loadEnvFile(join(root, ".env"));

const USAGE = `Usage:
  npm run staff -- add EMAIL --role admin|moderator|support|operator [--language en]
      (reads the password from standard input; prints the TOTP secret once)
  npm run staff -- list
  npm run staff -- disable EMAIL
  npm run staff -- inbox EMAIL [--languages de,en] [--sites amora,herzklopfen]
      (an operator's inbox: the members' languages and the sites; none: the console's
      language, every site)`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The password: standard input's first line, piped, or typed at a terminal without echo. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? "";
  }
  process.stderr.write("Password (not shown; then Enter): ");
  process.stdin.setRawMode(true);
  process.stdin.setEncoding("utf8");
  let typed = "";
  try {
    for await (const chunk of process.stdin) {
      for (const key of String(chunk)) {
        if (key === "\u0003") fail("\nCancelled.");
        if (key === "\r" || key === "\n") return typed;
        typed = key === "\u007f" || key === "\b" ? typed.slice(0, -1) : typed + key;
      }
    }
    return typed;
  } finally {
    process.stdin.setRawMode(false);
    process.stdin.pause();
    process.stderr.write("\n");
  }
}

async function commandOf(args: string[]): Promise<Record<string, unknown>> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      role: { type: "string" },
      language: { type: "string" },
      languages: { type: "string" },
      sites: { type: "string" },
    },
  });
  const [name, email] = positionals;
  if (name === "list" && positionals.length === 1) return { command: "list" };
  if (name === "disable" && email && positionals.length === 2) return { command: "disable", email };
  if (name === "inbox" && email && positionals.length === 2) {
    const list = (value: string | undefined) => (value ? value.split(",").filter(Boolean) : []);
    return {
      command: "inbox",
      email,
      languages: list(values.languages),
      sites: list(values.sites),
    };
  }
  if (name === "add" && email && positionals.length === 2 && values.role) {
    const password = await readPassword();
    return { command: "add", email, role: values.role, language: values.language, password };
  }
  return fail(USAGE);
}

/**
 * Runs the command in this process, which then owns the embedded database for a moment. The
 * database and the server's modules are loaded only here: a refused command or one the server
 * runs answers in a fraction of a second.
 */
async function runHere(command: Record<string, unknown>): Promise<unknown> {
  const [{ closeDb }, { runStaffCommand }, { getReadyDb }] = await Promise.all([
    import("../src/server/db/client"),
    import("../src/server/staff/accounts"),
    import("../src/server/startup"),
  ]);
  try {
    return await runStaffCommand(await getReadyDb(), command);
  } finally {
    await closeDb();
  }
}

async function run(command: Record<string, unknown>): Promise<unknown> {
  const env = getEnv();
  if (env.DATABASE_URL) return runHere(command);
  const answered = await sendStaffCommand(env.DATA_DIR, command);
  if (answered !== undefined) return answered;
  try {
    return await runHere(command);
  } catch (error) {
    // Owned by a process that does not answer staff commands (a seed, a migration, a start
    // that is still building): it says which.
    const { DataDirLockedError } = await import("../src/server/db/data-dir-lock");
    if (error instanceof DataDirLockedError) {
      fail(`${error.message}\nIf that is the server still starting, try again in a moment.`);
    }
    throw error;
  }
}

try {
  const command = await commandOf(process.argv.slice(2));
  // Refused before any database is opened or server asked.
  parseStaffCommand(command);
  const result = await run(command);
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  if (error instanceof StaffCommandError) fail(error.message);
  throw error;
}
