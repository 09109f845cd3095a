import { describe, expect, it } from "vitest";
import { afterCommit, collectCommitHooks } from "./after-commit";

describe("afterCommit", () => {
  it("runs a hook at once outside a request transaction", () => {
    const ran: string[] = [];
    afterCommit(() => ran.push("nudge"));
    expect(ran).toEqual(["nudge"]);
  });

  it("holds a hook until the transaction's work is committed, then runs it once", async () => {
    const ran: string[] = [];
    const { result, runHooks } = await collectCommitHooks(async () => {
      await Promise.resolve();
      afterCommit(() => ran.push("nudge"));
      expect(ran).toEqual([]);
      return 7;
    });
    expect(result).toBe(7);
    expect(ran).toEqual([]);
    runHooks();
    expect(ran).toEqual(["nudge"]);
  });

  it("never runs the hooks of work that failed (its transaction rolled back)", async () => {
    const ran: string[] = [];
    await expect(
      collectCommitHooks(async () => {
        afterCommit(() => ran.push("nudge"));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    afterCommit(() => ran.push("later"));
    expect(ran).toEqual(["later"]);
  });
});
