import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { closeDb, getConnection, getDb } from "./client";

describe("the database connection", () => {
  it("keeps serving sessions after a statement fails outside a transaction", async () => {
    const app = createApp();
    const member = await createLoggedInMember(app);
    const asMember = () => app.request("/api/user.php", { headers: { cookie: member.cookie } });
    // The session's prepared statement now exists on the connection.
    expect((await asMember()).status).toBe(200);
    // A new member's session is not in the session cache: its statement runs.
    const asNewMember = async () => {
      const { cookie } = await createLoggedInMember(app);
      return app.request("/api/user.php", { headers: { cookie } });
    };
    const db = await getDb();
    // pg-pool drops a connection whose statement failed; on PGlite the next one is the same
    // session, which still holds the first one's prepared statements.
    await expect(db.execute(sql`select 1 / 0`)).rejects.toThrow();
    expect((await asNewMember()).status).toBe(200);
    await expect(db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    expect(await db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
    expect((await asNewMember()).status).toBe(200);
    expect((await asMember()).status).toBe(200);
  });

  it("closes once, however often it is asked to", async () => {
    const connection = await getConnection();
    await Promise.all([connection.close(), connection.close()]);
    // The process's shutdown after a test closed it: no second end of the pool.
    await expect(closeDb()).resolves.toBeUndefined();
    await expect(connection.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
