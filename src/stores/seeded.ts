import { useStore } from "@nanostores/react";
import type { WritableAtom } from "nanostores";

const seeded = new WeakSet<WritableAtom<unknown>>();

/**
 * Reads a shared store, seeding it once from server-rendered props. On the server the props are
 * used directly: module-level stores there are shared by all requests and must never hold one
 * member's data. In the browser the first island to hydrate seeds the store for all islands.
 */
export function useSeededStore<T>(store: WritableAtom<T>, initial: T): T {
  if (typeof window === "undefined") return initial;
  if (!seeded.has(store as WritableAtom<unknown>)) {
    seeded.add(store as WritableAtom<unknown>);
    store.set(initial);
  }
  // The branch above is fixed per environment, so hook order never changes between renders.
  // biome-ignore lint/correctness/useHookAtTopLevel: see comment above
  return useStore(store);
}
