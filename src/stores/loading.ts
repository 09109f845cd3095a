import { atom } from "nanostores";
import { configureApiClient } from "../lib/api-client";

/** How many API calls or navigations are under way; the loading bar shows while above 0. */
export const $pendingWork = atom(0);

export function beginWork(): void {
  $pendingWork.set($pendingWork.get() + 1);
}

export function endWork(): void {
  $pendingWork.set(Math.max(0, $pendingWork.get() - 1));
}

configureApiClient({ onRequestStart: beginWork, onRequestEnd: endWork });
