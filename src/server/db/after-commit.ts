import { AsyncLocalStorage } from "node:async_hooks";

type CommitHooks = Array<() => void>;

const pending = new AsyncLocalStorage<CommitHooks>();

/**
 * Runs `hook` once the enclosing request transaction commits (request/idempotency.ts runs a
 * keyed write in one), or at once outside one. For work that must not look for a row before
 * other connections can see it: a nudge to the job runners finds no job that is not committed.
 * A hook of a transaction that rolls back never runs.
 */
export function afterCommit(hook: () => void): void {
  const hooks = pending.getStore();
  if (hooks) hooks.push(hook);
  else hook();
}

/**
 * Runs `work` collecting the hooks that afterCommit defers; answers its result and a function
 * that runs them, to call once the transaction `work` ran in has committed.
 */
export async function collectCommitHooks<T>(
  work: () => Promise<T>,
): Promise<{ result: T; runHooks: () => void }> {
  const hooks: CommitHooks = [];
  const result = await pending.run(hooks, work);
  return {
    result,
    runHooks: () => {
      for (const hook of hooks) hook();
    },
  };
}
