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

  it("places an item that changed elsewhere at its place in the order (the inbox's events)", async () => {
    type Timed = Item & { at: number };
    const byTime = (a: Timed, b: Timed) => a.at - b.at;
    const fetchPage = async (): Promise<KeysetPage<Timed>> => ({
      items: [
        { id: 1, at: 10 },
        { id: 2, at: 20 },
        { id: 3, at: 30 },
      ],
      next: "more",
    });
    const { result } = renderHook(() => useKeysetList<Timed>(t, fetchPage));
    await act(() => result.current.load(null));
    // A new one inside the loaded range goes where it sorts; a known one is replaced in place.
    act(() => result.current.place({ id: 4, at: 15 }, byTime));
    act(() => result.current.place({ id: 2, at: 20 }, byTime));
    expect(result.current.items?.map((item) => item.id)).toEqual([1, 4, 2, 3]);
    // One that sorts after the last loaded item belongs to a later page while there is one.
    act(() => result.current.place({ id: 5, at: 99 }, byTime));
    expect(result.current.items?.map((item) => item.id)).toEqual([1, 4, 2, 3]);
    // A known item that now sorts elsewhere moves.
    act(() => result.current.place({ id: 1, at: 25 }, byTime));
    expect(result.current.items?.map((item) => item.id)).toEqual([4, 2, 1, 3]);
  });
});
