import { createRoute, z } from "@hono/zod-openapi";
import { errorBody, validationErrorBody } from "../../contract/common";

/** A JSON answer of a route: its schema (from src/contract) and what it means. */
export function jsonContent<T>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description };
}

/**
 * A route's JSON body: required, and validated by its schema before the handler runs (a body
 * that is not JSON is a 400 bad_request, an invalid one design §6's 422 with fields).
 * @example request: { body: jsonBody(profileTargetBody) }
 */
export function jsonBody<T>(schema: T) {
  return { content: { "application/json": { schema } }, required: true };
}

/** 422 where a service also refuses well-formed input by a rule (cannot_like_self): either shape. */
const validationOrRefusal = z.union([validationErrorBody, errorBody]);

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 502;
/** Statuses and what they mean; `refused` is a 422 in the `{ error, message }` shape. */
export type ErrorDescriptions = { readonly [S in ErrorStatus]?: string } & {
  readonly refused?: string;
};

/**
 * What a cause adds to a route's error answers. Every status answers design §6's
 * `{ error, message }`, except 422: `{ error: "validation", fields }`, or either shape where a
 * cause refuses well-formed input by a rule (`refused`).
 */
export const ERRORS = {
  /** The body did not parse as JSON (the validator's HTTPException). */
  malformedBody: { 400: "bad_request: the body is not valid JSON" },
  /** design §10: the app's origin check runs before every write. */
  crossSite: { 403: "forbidden_origin: a write sent by a page of another site" },
  /** spec §8: the client logs out on this answer. */
  loggedOut: { 403: "authentication_required: not logged in" },
  /** design §6: a logged-in member's write with an Idempotency-Key (lib/idempotency.ts). */
  idempotency: {
    409: "idempotency_conflict: the key is still running",
    422: "validation: a malformed Idempotency-Key",
    refused: "idempotency_key_reused: the key was used for another request (another body or call)",
  },
  /** design §10: every body has a limit fitting its call (request/body-limit.ts). */
  tooLarge: { 413: "payload_too_large: the body is over this call's limit" },
  invalid: { 422: "validation: a translated message per invalid field" },
  noProfile: { 404: "not_found: no such profile, or not visible to the caller" },
  rateLimited: { 429: "rate_limited: too many requests; see Retry-After" },
  /** issue 25: what reaches another member or moves money waits for a confirmed address. */
  unconfirmed: { 403: "email_unconfirmed: the member's e-mail address is not confirmed yet" },
  /** An e-mail address and password checked (auth/service.ts verifyCredentials). */
  credentials: {
    401: "login_failed: wrong e-mail address or password",
    429: "account_blocked: too many wrong passwords; rate_limited: too many logins",
  },
} as const satisfies Record<string, ErrorDescriptions>;

/** A write without a body (DELETE with a query): the causes the app's middleware adds. */
export const QUERY_WRITE_ERRORS = [
  ERRORS.crossSite,
  ERRORS.idempotency,
  ERRORS.invalid,
  ERRORS.tooLarge,
] as const;

/** A visitor's or member's JSON write: the causes every such call shares. */
export const WRITE_ERRORS = [...QUERY_WRITE_ERRORS, ERRORS.malformedBody] as const;

/** A member's JSON write: a write that also needs a login. */
export const MEMBER_WRITE_ERRORS = [...WRITE_ERRORS, ERRORS.loggedOut] as const;

type StatusOf<G extends readonly ErrorDescriptions[]> = G[number] extends infer D
  ? D extends ErrorDescriptions
    ? (keyof D & ErrorStatus) | ("refused" extends keyof D ? 422 : never)
    : never
  : never;

type ErrorSchema = typeof errorBody | typeof validationErrorBody | typeof validationOrRefusal;

type Merged<G extends readonly ErrorDescriptions[]> = {
  [S in StatusOf<G>]: {
    content: { "application/json": { schema: ErrorSchema } };
    description: string;
  };
};

/**
 * A route's error answers from the causes it can meet, the descriptions of one status joined.
 * @example errorResponses([ERRORS.loggedOut, { 404: "not_found: no such photo" }])
 *   // { 403: Error "authentication_required…", 404: Error "not_found: no such photo" }
 */
export function errorResponses<const G extends readonly ErrorDescriptions[]>(groups: G): Merged<G> {
  const descriptions = new Map<ErrorStatus, string[]>();
  let isRefused = false;
  for (const group of groups) {
    for (const [key, description] of Object.entries(group)) {
      isRefused ||= key === "refused";
      const status = key === "refused" ? 422 : (Number(key) as ErrorStatus);
      descriptions.set(status, [...(descriptions.get(status) ?? []), description]);
    }
  }
  const responses: Record<number, unknown> = {};
  for (const [status, list] of descriptions) {
    const schema =
      status !== 422 ? errorBody : isRefused ? validationOrRefusal : validationErrorBody;
    responses[status] = jsonContent(schema, list.join("; "));
  }
  return responses as Merged<G>;
}

type Method = "get" | "post" | "put" | "patch" | "delete";
type Schema = z.ZodType;
type ObjectSchema = z.ZodObject;

/** A multipart body (an upload), its fields validated before the handler runs ("form"). */
function formBody<T>(schema: T) {
  return { content: { "multipart/form-data": { schema } }, required: true };
}

/** What a redirect route is: the page a browser opens, where it is sent, and why it may not be. */
type RedirectRouteSpec = {
  path: string;
  summary: string;
  query: ObjectSchema;
  /** Where the 303 sends the browser. */
  redirect: string;
  errors: readonly ErrorDescriptions[];
};

/**
 * A GET a browser navigates to (a link of one of our e-mails), answered by a 303 redirect.
 * @example redirectRoute({ path: "/activate.php", summary: "The activation link",
 *   query: activationQuery, redirect: "To /activate/done", errors: [] })
 */
export function redirectRoute<const S extends RedirectRouteSpec>(spec: S) {
  const { path, summary, query, redirect, errors } = spec;
  const responses = { 303: { description: redirect }, ...errorResponses(errors) } as {
    303: { description: string };
  } & Merged<S["errors"]>;
  return createRoute({
    method: "get",
    path: path as S["path"],
    summary,
    request: { query: query as S["query"] },
    responses,
  });
}

/**
 * A link of one of our e-mails opened in a browser: GET with an optional `?token=` (a link cut
 * short still gets somewhere), answered by a redirect.
 * @example emailLinkRoute("/unsubscribe.php", "The unsubscribe link…", "To the settings")
 */
export function emailLinkRoute<P extends string>(path: P, summary: string, redirect: string) {
  return redirectRoute({
    path,
    summary,
    query: z.object({ token: z.string().max(100).optional() }),
    redirect,
    errors: [ERRORS.invalid],
  });
}

/** The body of a JSON route: JSON (`c.req.valid("json")`) or an upload (`c.req.valid("form")`). */
type BodySpec =
  | {
      /** The JSON body, validated before the handler runs (jsonBody). */
      body?: Schema;
      form?: never;
    }
  | {
      /** A multipart body (formBody): an upload's file and fields. */
      form?: ObjectSchema;
      body?: never;
    };

/** What a JSON route is: its call, its inputs, its answer and the causes of its errors. */
export type JsonRouteSpec = BodySpec & {
  method: Method;
  path: string;
  summary: string;
  query?: ObjectSchema;
  params?: ObjectSchema;
  headers?: ObjectSchema;
  /** The answer's schema (from src/contract) and what it means. */
  answer: [schema: Schema, description: string];
  /** The answer's status: 200 unless the call creates something (201). */
  status?: 200 | 201;
  /** A browser's navigation or form post is sent on with a 303 instead: where to. */
  redirect?: string;
  errors: readonly ErrorDescriptions[];
};

type RequestKey = "body" | "form" | "query" | "params" | "headers";

type RequestOf<S extends JsonRouteSpec> = {
  [K in keyof S & RequestKey as K extends "form" ? "body" : K]: K extends "body"
    ? ReturnType<typeof jsonBody<S[K]>>
    : K extends "form"
      ? ReturnType<typeof formBody<S[K]>>
      : S[K];
};

type ResponsesOf<S extends JsonRouteSpec> = {
  [K in S["status"] extends 201 ? 201 : 200]: ReturnType<typeof jsonContent<S["answer"][0]>>;
} & (S extends { redirect: string } ? { 303: { description: string } } : unknown) &
  Merged<S["errors"]>;

/**
 * A route that answers JSON, declared in one object: `createRoute` with the request and the
 * responses built the one way every route builds them, and typed as precisely (the handler's
 * `c.req.valid` and `c.json` keep their schemas).
 * @example jsonRoute({ method: "put", path: "/password.php", summary: "Change the password",
 *   body: passwordChangeBody, answer: [okAnswer, "Changed"], errors: MEMBER_WRITE_ERRORS })
 */
export function jsonRoute<const S extends JsonRouteSpec>(spec: S) {
  const { method, path, summary, body, form, query, params, headers, answer, errors } = spec;
  const { status = 200, redirect } = spec;
  const request = {
    ...(body && { body: jsonBody(body) }),
    ...(form && { body: formBody(form) }),
    ...(query && { query }),
    ...(params && { params }),
    ...(headers && { headers }),
  } as RequestOf<S>;
  const responses = {
    [status]: jsonContent(answer[0], answer[1]),
    ...(redirect && { 303: { description: redirect } }),
    ...errorResponses(errors),
  } as unknown as ResponsesOf<S>;
  return createRoute({
    method: method as S["method"],
    path: path as S["path"],
    summary,
    request,
    responses,
  });
}
