import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../../contract/errors";
import type { MessageKey } from "../../i18n/catalogues";
import type { Locale } from "../../i18n/locales";
import type { MessageParams } from "../../i18n/translate";

/**
 * An error a service throws for the client to see: a stable `code` for programs and a catalogue
 * key for people. The app's error handler translates it into the design §6 shape
 * `{ error, message }`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
    /** The language of the message when it is not the request's (the member's own). */
    readonly locale?: Locale,
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

/** A field message to translate: a catalogue key and its parameters. */
export type FieldMessage = { key: MessageKey; params?: MessageParams };

/**
 * Invalid input found by a service rather than by the request schema (it needs the site or the
 * database: a minimum age, a common password). Answered like schema errors: 422 with fields.
 */
export class ValidationError extends Error {
  constructor(readonly fields: Record<string, FieldMessage>) {
    super("validation");
    this.name = "ValidationError";
  }
}
