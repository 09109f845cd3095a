import { atom } from "nanostores";

export type Toast = { id: number; message: string; variant: "info" | "success" | "danger" };

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

/** Shows a short message in the corner; it goes away by itself after `ms`. */
export function showToast(message: string, variant: Toast["variant"] = "info", ms = 5000): void {
  const toast = { id: nextId++, message, variant };
  $toasts.set([...$toasts.get(), toast]);
  setTimeout(() => dismissToast(toast.id), ms);
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
