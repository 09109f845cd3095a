import { atom } from "nanostores";
import { configureApiClient } from "../lib/api-client";

/**
 * Why the member's last call was refused for an unconfirmed address (issue 25: a like, a gift,
 * an order wait for the confirmation), or null. The activation reminder shows it in a dialog
 * with a way to send the link again, whichever island made the call.
 */
export const $activationRequired = atom<string | null>(null);

configureApiClient({ onEmailUnconfirmed: (message) => $activationRequired.set(message) });
