import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { outageOf } from "../lib/outage";
import { executeRows, getConnection, getDb } from "./client";

/*
 * Issue 25, items 2 and 20 (ARCHITECTURE.md, "When the database goes away or the disk fills"):
 * an outage of the database or of the disk is answered 503 with its own code, translated, and
 * the process rides through it. The restart of a real PostgreSQL server under load is
 * .ci/fault-pg-restart; a real full disk is .ci/fault-disk-full.
 */
const app = createApp();
const json = { "content-type": "application/json" };

describe("a write refused for a full disk", () => {
  it("answers 503 storage_full in the member's language, not a generic 500", async () => {
    const member = await createLoggedInMember(app, { language: "de" });
    const db = await getDb();
    // The database's own refusal, as PostgreSQL words it when a file cannot grow (SQLSTATE
    // 53100), for this member's rows only: other test files share the server.
    const name = `refuse_full_disk_${randomBytes(4).toString("hex")}`;
    await db.execute(
      sql.raw(`create function ${name}() returns trigger language plpgsql as $$
        begin
          if new.user_id = ${member.user.id} then
            raise exception 'could not extend file "base/5/16384": No space left on device'
              using errcode = '53100', hint = 'Check free disk space.';
          end if;
          return new;
        end $$;
        create trigger ${name} before update on profiles for each row execute function ${name}();`),
    );
    try {
      const refused = await app.request("/api/notifications.php", {
        method: "PUT",
        headers: { cookie: member.cookie, ...json },
        body: JSON.stringify({ invisible: true }),
      });
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({
        error: "storage_full",
        message:
          "Wir können gerade nichts speichern, weil unser Speicher voll ist. Was du schon hast, bleibt erhalten. Bitte versuch es später noch einmal.",
      });
      // Reads go on.
      const read = await app.request("/api/user.php", { headers: { cookie: member.cookie } });
      expect(read.status).toBe(200);
    } finally {
      await db.execute(sql.raw(`drop trigger ${name} on profiles; drop function ${name}();`));
    }
  });
});

describe("an outage's errors", () => {
  it("tells the database away from a full disk, through drizzle's wrapping", () => {
    const wrapped = (cause: unknown) => Object.assign(new Error("Failed query"), { cause });
    const code = (value: string) => Object.assign(new Error(value), { code: value });
    expect(outageOf(wrapped(code("ECONNREFUSED")))).toBe("database_unavailable");
    expect(outageOf(wrapped(code("57P01")))).toBe("database_unavailable");
    expect(outageOf(wrapped(code("57P03")))).toBe("database_unavailable");
    expect(outageOf(wrapped(code("08006")))).toBe("database_unavailable");
    expect(outageOf(new Error("Connection terminated unexpectedly"))).toBe("database_unavailable");
    expect(outageOf(new AggregateError([code("ECONNREFUSED")]))).toBe("database_unavailable");
    expect(outageOf(wrapped(code("53100")))).toBe("storage_full");
    expect(outageOf(code("ENOSPC"))).toBe("storage_full");
    expect(outageOf(wrapped(code("23505")))).toBeNull();
    expect(outageOf(new Error("boom"))).toBeNull();
  });
});

const onServer = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onServer)("the pool when PostgreSQL ends its connections", () => {
  it("keeps the process serving after the server ends its idle connections", async () => {
    const member = await createLoggedInMember(app);
    const asMember = () => app.request("/api/user.php", { headers: { cookie: member.cookie } });
    const { db } = await getConnection();
    // Every connection of this process's pool, each busy for a moment so that all are opened.
    const pids = await Promise.all(
      Array.from({ length: 4 }, () =>
        executeRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid, pg_sleep(0.05)`),
      ),
    );
    const ours = [...new Set(pids.flat().map((row) => row.pid))];
    // What a restart does to idle connections: the server ends them (57P01). Unheard, pg's
    // `error` event of an idle connection ended the process.
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [ours]);
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await asMember()).status).toBe(200);
    const left = await executeRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
    expect(ours).not.toContain(left[0]?.pid);
  });
});
