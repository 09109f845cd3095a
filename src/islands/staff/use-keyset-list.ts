import { useRef, useState } from "react";
import type { Translate } from "../../i18n/translate";
import { describeApiError } from "../ui/use-api-form";

/** One page of a keyset-paged staff list: its items and the next page's cursor. */
export type KeysetPage<T> = { items: T[]; next: string | null };

/**
 * A console queue a page at a time (design §13: keyset paging, "Load more" follows the cursor).
 * `load(null)` starts over, `load(next)` appends without repeating an item; the newest request
 * wins, so a page that comes back after the list was started over is dropped. An item decided
 * on the screen leaves it (`remove`) or changes in place (`update`).
 */
export function useKeysetList<T extends { id: number }>(
  t: Translate,
  fetchPage: (cursor: string | null) => Promise<KeysetPage<T>>,
) {
  const [items, setItems] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);

  async function load(cursor: string | null) {
    const id = ++request.current;
    setLoading(true);
    try {
      const page = await fetchPage(cursor);
      if (id !== request.current) return;
      setItems((current) => {
        const kept = cursor ? (current ?? []) : [];
        const known = new Set(kept.map((item) => item.id));
        return [...kept, ...page.items.filter((item) => !known.has(item.id))];
      });
      setNext(page.next);
      setError(null);
    } catch (caught) {
      if (id === request.current) setError(describeApiError(caught, t));
    } finally {
      if (id === request.current) setLoading(false);
    }
  }

  return {
    items,
    next,
    loading,
    error,
    setError,
    load,
    remove: (itemId: number) =>
      setItems((current) => current?.filter((item) => item.id !== itemId) ?? null),
    update: (itemId: number, change: (item: T) => T) =>
      setItems(
        (current) => current?.map((item) => (item.id === itemId ? change(item) : item)) ?? null,
      ),
    /**
     * An item that changed elsewhere, at its place in the list's order: replaced, or put in
     * where it sorts. One that sorts after the last loaded item while more pages follow is left
     * to its page.
     */
    place: (placed: T, order: (a: T, b: T) => number) =>
      setItems((current) => {
        if (current === null) return null;
        const others = current.filter((item) => item.id !== placed.id);
        const last = others.at(-1);
        const known = others.length !== current.length;
        if (!known && next !== null && last && order(placed, last) > 0) return current;
        const index = others.findIndex((item) => order(placed, item) < 0);
        return index < 0
          ? [...others, placed]
          : [...others.slice(0, index), placed, ...others.slice(index)];
      }),
  };
}
