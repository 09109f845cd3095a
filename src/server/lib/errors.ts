import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { MessageKey } from "../../i18n/catalogues";
import type { MessageParams } from "../../i18n/translate";

/**
 * An error a service throws for the client to see: a stable `code` for programs and a catalogue
 * key for people. The app's error handler translates it into the design §6 shape
 * `{ error, message }`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
  ) {
    super(code);
    this.name = "ApiError";
  }
}

/** spec §8: 403 authentication_required logs the client out. */
export function authenticationRequired(): ApiError {
  return new ApiError(403, "authentication_required", "error.authenticationRequired");
}

export function notFound(messageKey: MessageKey = "error.notFound"): ApiError {
  return new ApiError(404, "not_found", messageKey);
}
