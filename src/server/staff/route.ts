import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { okAnswer } from "../../contract/common";
import type { Database } from "../db/client";
import { ERRORS, type ErrorDescriptions, jsonRoute, WRITE_ERRORS } from "../lib/openapi";
import { idParams } from "../lib/validation";
import type { AppEnv } from "../request/context";
import type { StaffActor } from "./audit";
import { staffActor } from "./context";

/** design §13: no staff session (a member's cookie is none); a role without the permission. */
export const STAFF_ERRORS = {
  signedOut: { 403: "staff_authentication_required: no staff session" },
  forbidden: { 403: "forbidden: the staff member's role lacks the permission" },
} as const;

/** A staff read's refusals: an invalid query or path, no staff session, the role. */
export const STAFF_READ_ERRORS = [
  ERRORS.invalid,
  STAFF_ERRORS.signedOut,
  STAFF_ERRORS.forbidden,
] as const;

/** A staff write's refusals: a write's causes (design §6, §10), no staff session, the role. */
export const STAFF_WRITE_ERRORS = [
  ...WRITE_ERRORS,
  STAFF_ERRORS.signedOut,
  STAFF_ERRORS.forbidden,
] as const;

type StaffRouter = OpenAPIHono<AppEnv>;

/** What an action's service answers: its answer, or nothing where the answer is `{ ok: true }`. */
// biome-ignore lint/suspicious/noConfusingVoidType: the services of `{ ok: true }` answer Promise<void>
type ActionResult<A extends z.ZodType> = z.input<A> | (A extends typeof okAnswer ? void : never);

type ActionSpec<B extends z.ZodType | undefined, A extends z.ZodType> = {
  /** A POST on one record: `/staff/members/{id}/ban`. */
  path: `/staff/${string}{id}${string}`;
  summary: string;
  body?: B;
  answer: [schema: A, description: string];
  errors?: readonly ErrorDescriptions[];
  /** The service: it checks the permission (design §10) and writes the audit row. */
  run: (
    db: Database,
    actor: StaffActor,
    id: number,
    body: B extends z.ZodType ? z.output<B> : undefined,
  ) => Promise<ActionResult<A>>;
};

/**
 * A staff action on one record, `POST /staff/…/{id}/…`: its contract entry (jsonRoute) and
 * its handler, which hands the service the staff member acting, the record's id and the
 * validated body, and answers what the service answers (`{ ok: true }` for nothing). Added to
 * a router with `withActions`.
 */
export function staffAction<A extends z.ZodType, B extends z.ZodType | undefined = undefined>(
  spec: ActionSpec<B, A>,
): (router: StaffRouter) => StaffRouter {
  const route = jsonRoute({
    method: "post",
    path: spec.path,
    summary: spec.summary,
    params: idParams,
    ...(spec.body ? { body: spec.body as z.ZodType } : {}),
    answer: spec.answer,
    errors: [...STAFF_WRITE_ERRORS, ...(spec.errors ?? [])],
  });
  return (router) =>
    router.openapi(route, async (c) => {
      // One typed boundary for every action: the spec's schemas typed `run`'s body and answer.
      const body = (spec.body ? c.req.valid("json" as never) : undefined) as Parameters<
        typeof spec.run
      >[3];
      const { id } = c.req.valid("param" as never) as { id: number };
      const answer = await spec.run(c.get("db"), staffActor(c), id, body);
      return c.json((answer ?? { ok: true }) as never, 200);
    }) as StaffRouter;
}

/** A router with staff actions added, in order. */
export function withActions(
  router: StaffRouter,
  actions: readonly ((router: StaffRouter) => StaffRouter)[],
): StaffRouter {
  return actions.reduce((current, add) => add(current), router);
}
