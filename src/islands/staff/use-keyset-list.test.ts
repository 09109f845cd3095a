// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Translate } from "../../i18n/translate";
import { type KeysetPage, useKeysetList } from "./use-keyset-list";

const t = ((key: string) => key) as Translate;
type Item = { id: number };

/** A fetch the test answers by hand, in any order. */
function pages() {
  const pending: { cursor: string | null; answer: (page: KeysetPage<Item>) => void }[] = [];
  const fetchPage = (cursor: string | null) =>
    new Promise<KeysetPage<Item>>((resolve) => {
      pending.push({ cursor, answer: resolve });
    });
  return { pending, fetchPage };
}

describe("a console queue a page at a time (useKeysetList)", () => {
  it("appends the next page without repeating an item, and removes a decided one", async () => {
    const { pending, fetchPage } = pages();
    const { result } = renderHook(() => useKeysetList<Item>(t, fetchPage));
    await act(async () => {
      const loading = result.current.load(null);
      pending[0]?.answer({ items: [{ id: 3 }, { id: 2 }], next: "c2" });
      await loading;
    });
    expect(result.current.items).toEqual([{ id: 3 }, { id: 2 }]);
    expect(result.current.next).toBe("c2");
    await act(async () => {
      const loading = result.current.load("c2");
      // An item that moved between the pages comes again: it is listed once.
      pending[1]?.answer({ items: [{ id: 2 }, { id: 1 }], next: null });
      await loading;
    });
    expect(pending[1]?.cursor).toBe("c2");
    expect(result.current.items).toEqual([{ id: 3 }, { id: 2 }, { id: 1 }]);
    expect(result.current.next).toBeNull();
    act(() => result.current.remove(2));
    expect(result.current.items).toEqual([{ id: 3 }, { id: 1 }]);
  });

  it("keeps the newest request's page when an older one answers last", async () => {
    const { pending, fetchPage } = pages();
    const { result } = renderHook(() => useKeysetList<Item>(t, fetchPage));
    await act(async () => {
      const older = result.current.load(null);
      const newer = result.current.load(null);
      pending[1]?.answer({ items: [{ id: 9 }], next: null });
      pending[0]?.answer({ items: [{ id: 1 }], next: "stale" });
      await Promise.all([older, newer]);
    });
    expect(result.current.items).toEqual([{ id: 9 }]);
    expect(result.current.next).toBeNull();
    expect(result.current.loading).toBe(false);
  });
});
