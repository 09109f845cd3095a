import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordQueries } from "../../test/queries";
import { getReadyDb } from "../startup";
import { preparedRows } from "./prepared";

describe("preparedRows: a hot statement built once, sent prepared", () => {
  it("builds its text once and answers each call with that call's values", async () => {
    const db = await getReadyDb();
    let builds = 0;
    const echo = preparedRows<{ n: number; word: string }, { n: number; word: string }>(
      "test_prepared_echo",
      (_db, v) => {
        builds++;
        return sql`select ${v.n}::int + 1 as n, upper(${v.word}::text) as word`;
      },
    );
    expect(await echo(db, { n: 1, word: "eins" })).toEqual([{ n: 2, word: "EINS" }]);
    expect(await echo(db, { n: 41, word: "zwei" })).toEqual([{ n: 42, word: "ZWEI" }]);
    // Many at once share the pool's connections, each prepared there once.
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => echo(db, { n: i, word: `w${i}` })),
    );
    expect(many.map(([row]) => row?.n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(builds).toBe(1);
  });

  it("runs inside a transaction, and a value is data, never SQL", async () => {
    const db = await getReadyDb();
    const echo = preparedRows<{ word: string }, { word: string }>(
      "test_prepared_in_tx",
      (_db, v) => sql`select ${v.word}::text as word`,
    );
    const hostile = "x'; drop table profiles; --";
    const answer = await db.transaction(async (tx) => echo(tx, { word: hostile }));
    expect(answer).toEqual([{ word: hostile }]);
    const queries = await recordQueries(() => echo(db, { word: "z" }));
    expect(queries).toHaveLength(1);
    expect(queries[0]).not.toContain("'z'");
  });
});
