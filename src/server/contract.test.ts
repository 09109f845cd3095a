import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import type { OrderAnswer } from "../contract/payments";
import type { OwnPhotos } from "../contract/photos";
import { directDebitMandate } from "../test/api";
import { makePhoneJpeg, makePng } from "../test/images";
import { createLoggedInMember, createTestMember, uniqueEmail } from "../test/members";
import { findLink, findMailsTo, findTextedCode } from "../test/outbox";
import { createApi, createApp } from "./app";
import { createAccountToken } from "./auth/tokens";
import { getDb } from "./db/client";
import { latestBirthdateForAge } from "./profiles/age";

/**
 * Every answer of a realistic journey through the API must be declared in the OpenAPI document
 * (path, method and status) and match the schema the route registered for it, without a field
 * the schema does not name (design §6: the zod schemas in src/contract are the one contract).
 */

type Method = "get" | "post" | "put" | "patch" | "delete";
type DocumentSchema = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type OpenApiDocument = {
  servers?: { url: string }[];
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components: { schemas: Record<string, DocumentSchema> };
};

const app = createApp();
/** The zod schemas of each route's answers, by "method path" and status. */
const registeredSchemas = new Map<string, Map<string, ZodType | null>>();
for (const definition of createApi().openAPIRegistry.definitions) {
  if (definition.type !== "route") continue;
  const statuses = new Map<string, ZodType | null>();
  for (const [status, response] of Object.entries(definition.route.responses)) {
    const json = "content" in response ? response.content?.["application/json"] : undefined;
    const schema = json && "schema" in json ? json.schema : undefined;
    statuses.set(status, isZodSchema(schema) ? schema : null);
  }
  registeredSchemas.set(`${definition.route.method} ${definition.route.path}`, statuses);
}

function isZodSchema(value: unknown): value is ZodType {
  return typeof (value as ZodType | undefined)?.safeParse === "function";
}

let document: OpenApiDocument;
/** "method path" of every call the journeys made. */
const called = new Set<string>();

beforeAll(async () => {
  const response = await app.request("/api/openapi.json");
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
});

type CallOptions = {
  cookie?: string;
  query?: Record<string, string | number>;
  json?: unknown;
  /** A body sent as it is, with a JSON content type (malformed JSON). */
  text?: string;
  form?: FormData;
  /** A form-encoded body (a payment provider's webhook). */
  urlencoded?: Record<string, string>;
  headers?: Record<string, string>;
  clientAddress?: string;
};

/**
 * Sends one call the way a client that read the document would (server URL + path), then checks
 * its answer against the document and the route's registered schema. Answers the JSON body.
 */
async function call<T = unknown>(
  method: Method,
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const server = document.servers?.[0]?.url ?? "";
  const query = options.query
    ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}`
    : "";
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: BodyInit | undefined;
  if (options.json !== undefined || options.text !== undefined) {
    headers["content-type"] = "application/json";
    body = options.text ?? JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  } else if (options.urlencoded) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.urlencoded).toString();
  }
  const response = await app.request(
    `${server}${path}${query}`,
    { method: method.toUpperCase(), headers, body },
    { clientAddress: options.clientAddress ?? "192.0.2.1" },
  );
  called.add(`${method} ${path}`);
  const answer = await expectDeclared(method, path, response);
  return { status: response.status, body: answer as T, headers: response.headers };
}

async function expectDeclared(method: Method, path: string, response: Response) {
  const where = `${method.toUpperCase()} ${path} → ${response.status}`;
  const operation = document.paths[path]?.[method];
  expect(operation, `${where}: the call is in the document`).toBeDefined();
  expect(Object.keys(operation?.responses ?? {}), `${where}: the status is declared`).toContain(
    String(response.status),
  );
  // The events stream never ends: its declared type is checked, then it is closed.
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    expect(Object.keys(operation?.responses?.[String(response.status)]?.content ?? {})).toContain(
      "text/event-stream",
    );
    await response.body?.cancel();
    return null;
  }
  const schema = registeredSchemas.get(`${method} ${path}`)?.get(String(response.status));
  if (!schema) {
    expect(await response.text(), `${where}: no body, as declared`).toBe("");
    return null;
  }
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body: unknown = await response.json();
  const result = schema.safeParse(body);
  expect(result.error?.issues ?? [], `${where}: ${JSON.stringify(body)}`).toEqual([]);
  // zod drops keys it does not know: a difference is a field the contract does not declare.
  expect(result.data, `${where}: every field of the answer is declared`).toEqual(body);
  return body;
}

/** The token of the newest link to `path` e-mailed to an address. */
async function findMailedToken(email: string, path: string): Promise<string> {
  const [mail] = await findMailsTo(email);
  if (!mail) throw new Error(`no e-mail to ${email}`);
  return new URL(findLink(mail, path)).searchParams.get("token") ?? "";
}

function photoForm(bytes: Uint8Array | undefined) {
  const form = new FormData();
  if (bytes) form.append("photo", new File([bytes as Uint8Array<ArrayBuffer>], "me.jpg"));
  return form;
}

afterAll(() => {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method} ${path}`),
  );
  // A new call needs a journey here, so its answers are checked against its schema too.
  expect(operations.filter((operation) => !called.has(operation))).toEqual([]);
});

describe("the OpenAPI document", () => {
  it("names /api as its server, since its paths are relative to it", () => {
    expect(document.servers).toEqual([{ url: "/api" }]);
    expect(Object.keys(document.paths)).toContain("/user.php");
  });

  it("declares a schema with fields for every JSON answer, never an open 'any object'", () => {
    const open: string[] = [];
    const visit = (schema: unknown, where: string, seen: Set<unknown>): void => {
      if (!schema || typeof schema !== "object" || seen.has(schema)) return;
      seen.add(schema);
      const node = schema as DocumentSchema;
      if (typeof node.$ref === "string") {
        const name = node.$ref.replace("#/components/schemas/", "");
        visit(document.components.schemas[name], `${where} → ${name}`, seen);
        return;
      }
      const extra = node.additionalProperties;
      const isOpenObject =
        Object.keys(node).length === 0 ||
        (node.type === "object" &&
          !node.properties &&
          (extra === undefined ||
            extra === true ||
            (typeof extra === "object" && Object.keys(extra as object).length === 0)));
      if (isOpenObject) open.push(where);
      for (const [key, value] of Object.entries(node)) {
        const children = Array.isArray(value) ? value : [value];
        for (const child of children) visit(child, `${where}.${key}`, seen);
      }
    };
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries((operation as Operation).responses)) {
          for (const content of Object.values(response.content ?? {})) {
            visit(content.schema, `${method.toUpperCase()} ${path} ${status}`, new Set());
          }
        }
      }
    }
    expect(open).toEqual([]);
  });
});

describe("every answer of a journey through the API matches the document", () => {
  it("for a visitor reading the site's settings, catalogues and places", async () => {
    expect((await call("get", "/settings.php")).status).toBe(200);
    expect((await call("get", "/settings.php", { query: { country: "xyz" } })).status).toBe(422);
    expect((await call("get", "/companyinfo.php")).status).toBe(200);
    expect((await call("get", "/interests.php")).status).toBe(200);
    expect((await call("get", "/regions.php")).status).toBe(200);
    const place = await call("get", "/geocode.php", { query: { lat: 52.09, lon: 5.12 } });
    expect(place).toMatchObject({ status: 200, body: { country: "nl", supported: true } });
    expect((await call("get", "/geocode.php", { query: { lat: 100, lon: 5 } })).status).toBe(422);
  });

  it("for a member logging in, changing their account and logging out", async () => {
    const password = "a long and unusual passphrase";
    const { email } = await createLoggedInMember(app, { password });
    const login = await call("post", "/user.php", { json: { email, password } });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

    const wrong = { json: { email, password: "not the password" } };
    expect((await call("post", "/user.php", wrong)).status).toBe(401);
    expect((await call("post", "/user.php", { text: "{email" })).status).toBe(400);
    expect((await call("post", "/user.php", { json: { email: "x", password } })).status).toBe(422);
    const crossSite = { json: { email, password }, headers: { origin: "https://evil.example" } };
    expect((await call("post", "/user.php", crossSite)).status).toBe(403);

    const client = { cookie, headers: { "x-request-type": "client" } };
    expect((await call("get", "/user.php", client)).status).toBe(200);
    expect((await call("get", "/user.php")).status).toBe(403);
    const badHeader = { cookie, headers: { "x-request-type": "robot" } };
    expect((await call("get", "/user.php", badHeader)).status).toBe(422);
    expect((await call("put", "/user.php", { cookie, json: { language: "de" } })).status).toBe(200);
    expect((await call("put", "/user.php", { cookie, json: { language: "xx" } })).status).toBe(422);
    expect((await call("put", "/user.php", { json: { language: "de" } })).status).toBe(403);

    expect((await call("get", "/notifications.php", { cookie })).status).toBe(200);
    expect((await call("get", "/notifications.php")).status).toBe(403);
    const settings = { cookie, json: { notifications_disabled: ["news"], invisible: true } };
    expect((await call("put", "/notifications.php", settings)).status).toBe(200);
    const passwords = { password: "another long passphrase", password_repeat: "" };
    passwords.password_repeat = passwords.password;
    const wrongOld = { cookie, json: { old_password: "wrong", ...passwords } };
    expect((await call("put", "/password.php", wrongOld)).status).toBe(422);
    const change = { cookie, json: { old_password: password, ...passwords } };
    expect((await call("put", "/password.php", change)).status).toBe(200);
    const mailChange = { cookie, json: { email: uniqueEmail("new") } };
    expect((await call("post", "/mail-change.php", mailChange)).status).toBe(200);

    // design §6: a malformed Idempotency-Key, and one reused for another call.
    const malformedKey = { ...settings, headers: { "idempotency-key": "#" } };
    expect((await call("put", "/notifications.php", malformedKey)).status).toBe(422);
    const key = { "idempotency-key": "contract-key-1" };
    expect((await call("put", "/notifications.php", { ...settings, headers: key })).status).toBe(
      200,
    );
    expect(
      (await call("put", "/user.php", { ...client, json: { language: "en" }, headers: key }))
        .status,
    ).toBe(422);

    expect(
      (
        await call("get", "/logout.php", {
          headers: { accept: "text/html", "sec-fetch-site": "same-origin" },
        })
      ).status,
    ).toBe(303);
    expect((await call("get", "/logout.php", { cookie })).status).toBe(403);
    expect((await call("post", "/logout.php", { cookie })).status).toBe(200);
  });

  it("for a visitor signing up, activating and resetting the password", async () => {
    const body = {
      email: uniqueEmail("signup"),
      name: "Kim",
      password: "a long and unusual passphrase",
      date_of_birth: latestBirthdateForAge(30),
    };
    const address = { clientAddress: "198.51.100.7" };
    expect((await call("post", "/signup.php", { ...address, json: body })).status).toBe(201);
    const invalid = { ...address, json: { ...body, name: "@kim" } };
    expect((await call("post", "/signup.php", invalid)).status).toBe(422);
    const inviteOnly = { ...address, json: body, headers: { host: "127.0.0.1" } };
    expect((await call("post", "/signup.php", inviteOnly)).status).toBe(403);
    expect((await call("post", "/activation.php", { json: { email: body.email } })).status).toBe(
      200,
    );
    const token = await findMailedToken(body.email, "/api/activate.php");
    expect((await call("get", "/activate.php", { query: { token } })).status).toBe(303);

    for (let sent = 0; sent < 3; sent++) {
      const reset = await call("post", "/password-reset.php", { json: { email: body.email } });
      expect(reset.status).toBe(200);
    }
    const tooMany = await call("post", "/password-reset.php", { json: { email: body.email } });
    expect(tooMany.status).toBe(429);
    const resetToken = await findMailedToken(body.email, "/reset-password/do");
    const newPassword = { password: "yet another passphrase", password_repeat: "" };
    newPassword.password_repeat = newPassword.password;
    const expired = { json: { token: "0123456789abcdef", ...newPassword } };
    expect((await call("put", "/password-reset.php", expired)).status).toBe(400);
    const mismatch = {
      json: { token: resetToken, ...newPassword, password_repeat: "" },
    };
    expect((await call("put", "/password-reset.php", mismatch)).status).toBe(422);
    const reset = { json: { token: resetToken, ...newPassword } };
    expect((await call("put", "/password-reset.php", reset)).status).toBe(200);
  });

  it("for a member deleting the account, reactivating it and unsubscribing", async () => {
    const password = "a long and unusual passphrase";
    const member = await createLoggedInMember(app, { password });
    const credentials = { email: member.email, password };
    const cookie = member.cookie;
    expect(
      (await call("post", "/account-delete.php", { cookie, json: { password: "no" } })).status,
    ).toBe(422);
    expect((await call("post", "/account-delete.php", { cookie, json: { password } })).status).toBe(
      200,
    );
    expect((await call("post", "/user.php", { json: credentials })).status).toBe(409);
    const wrong = { json: { ...credentials, password: "not the password" } };
    expect((await call("post", "/reactivate.php", wrong)).status).toBe(401);
    expect((await call("post", "/reactivate.php", { json: credentials })).status).toBe(200);
    expect((await call("get", "/reactivate.php")).status).toBe(303);

    const token = await createAccountToken(await getDb(), member.user.id, "unsubscribe", 60_000);
    expect((await call("post", "/unsubscribe.php", { query: { token } })).status).toBe(200);
    const unknown = { query: { token: "0123456789abcdef" } };
    expect((await call("post", "/unsubscribe.php", unknown)).status).toBe(404);
    expect((await call("post", "/unsubscribe.php", { query: { token: "short" } })).status).toBe(
      422,
    );
    expect((await call("get", "/unsubscribe.php", { query: { token } })).status).toBe(303);
    expect(
      (await call("get", "/unsubscribe.php", { query: { token: "x".repeat(101) } })).status,
    ).toBe(422);
  });

  it("for members finding, opening, liking, blocking and gifting each other", async () => {
    const member = await createLoggedInMember(app, { credits: 100 });
    const other = await createTestMember(await getDb(), { photoCount: 3 });
    const poor = await createLoggedInMember(app);
    const cookie = member.cookie;
    const id = other.profile.id;

    expect((await call("get", "/search.php")).status).toBe(200);
    expect((await call("get", "/search.php", { cookie, query: { gender: "female" } })).status).toBe(
      200,
    );
    expect((await call("get", "/search.php", { headers: { host: "127.0.0.1" } })).status).toBe(403);
    expect((await call("get", "/search.php", { query: { min_age: 5 } })).status).toBe(422);

    const visitorView = await call<{ locked_count: number }>("get", "/profile.php", {
      query: { id },
    });
    expect(visitorView.status).toBe(200);
    expect(visitorView.body.locked_count).toBe(2);
    expect((await call("get", "/profile.php", { cookie, query: { id } })).status).toBe(200);
    expect((await call("get", "/profile.php", { cookie })).status).toBe(200);
    expect((await call("get", "/profile.php")).status).toBe(403);
    expect((await call("get", "/profile.php", { query: { id: 2_000_000 } })).status).toBe(404);
    expect((await call("get", "/profile.php", { query: { id: "me" } })).status).toBe(422);
    const step = { cookie, json: { step: 1, hair_color: "red", height: 172 } };
    expect((await call("put", "/profile.php", step)).status).toBe(200);
    const tooSmall = { cookie, json: { step: 1, height: 20 } };
    expect((await call("put", "/profile.php", tooSmall)).status).toBe(422);

    expect((await call("post", "/like.php", { cookie, json: { id } })).status).toBe(200);
    const self = { cookie, json: { id: member.profile.id } };
    expect((await call("post", "/like.php", self)).status).toBe(422);
    expect((await call("post", "/like.php", { cookie, json: { id: 2_000_000 } })).status).toBe(404);
    expect((await call("delete", "/like.php", { cookie, query: { id } })).status).toBe(200);
    expect((await call("post", "/like.php", { cookie, json: { id } })).status).toBe(200);
    for (const type of ["received", "given", "matches"]) {
      expect((await call("get", "/likes.php", { cookie, query: { type } })).status).toBe(200);
    }
    expect((await call("get", "/likes.php", { cookie, query: { type: "all" } })).status).toBe(422);
    expect((await call("get", "/likes.php")).status).toBe(403);

    const gift = { id, gift: "rose" };
    expect((await call("post", "/gift.php", { cookie, json: gift })).status).toBe(200);
    expect((await call("post", "/gift.php", { cookie: poor.cookie, json: gift })).status).toBe(402);

    expect((await call("post", "/block.php", self)).status).toBe(422);
    expect((await call("post", "/block.php", { cookie, json: { id } })).status).toBe(200);
    expect((await call("delete", "/block.php", { cookie, query: { id } })).status).toBe(200);
    expect((await call("post", "/block.php", { cookie, json: { id } })).status).toBe(200);

    const exported = await call<{ likes: unknown[]; gifts_sent: unknown[] }>("get", "/export.php", {
      cookie,
    });
    expect(exported.status).toBe(200);
    expect(exported.body.likes).toHaveLength(1);
    expect(exported.body.gifts_sent).toHaveLength(1);
    expect((await call("get", "/export.php")).status).toBe(403);
  });

  it("for members swiping, being offered someone, and seeing their match", async () => {
    const me = await createLoggedInMember(app, {
      profile: { gender: "female", seeking: "male", birthdate: "1960-01-01" },
    });
    const cookie = me.cookie;
    const fits = async () =>
      createTestMember(await getDb(), {
        photoCount: 1,
        profile: { gender: "male", seeking: "female", birthdate: "1961-01-01" },
      });
    const [first, second] = [(await fits()).profile.id, (await fits()).profile.id];

    expect((await call("get", "/swipe.php", { cookie })).status).toBe(200);
    expect((await call("get", "/swipe.php", { cookie, query: { exclude: first } })).status).toBe(
      200,
    );
    expect((await call("get", "/swipe.php", { cookie, query: { exclude: "x" } })).status).toBe(422);
    expect((await call("get", "/swipe.php")).status).toBe(403);
    const pass = { cookie, json: { id: first, action: "pass" } };
    expect((await call("post", "/swipe.php", pass)).status).toBe(200);
    expect((await call("post", "/swipe-undo.php", { cookie })).status).toBe(200);
    const like = { cookie, json: { id: second, action: "like" } };
    expect((await call("post", "/swipe.php", like)).status).toBe(200);
    const bad = { cookie, json: { id: second, action: "superlike" } };
    expect((await call("post", "/swipe.php", bad)).status).toBe(422);
    expect(
      (await call("post", "/swipe.php", { json: { id: second, action: "like" } })).status,
    ).toBe(403);
    expect((await call("get", "/auto-like.php", { cookie })).status).toBe(200);
    expect((await call("get", "/auto-like.php")).status).toBe(403);
    expect((await call("post", "/auto-like.php", { cookie })).status).toBe(200);
    expect((await call("post", "/auto-like.php")).status).toBe(403);
    expect((await call("post", "/match-seen.php", { cookie, json: { id: second } })).status).toBe(
      200,
    );
    expect((await call("post", "/match-seen.php", { cookie, json: { id: 0 } })).status).toBe(422);
  });

  it("for a member buying credits through the sandbox provider", async () => {
    const { cookie } = await createLoggedInMember(app, { profile: { country: "nl" } });
    expect((await call("get", "/packages.php")).status).toBe(200);
    expect((await call("get", "/packages.php", { cookie })).status).toBe(200);
    const order = { package_id: 1, method: "ideal", immediate_performance: true };
    expect((await call("post", "/order.php", { json: order })).status).toBe(403);
    expect(
      (await call("post", "/order.php", { cookie, json: { ...order, method: "blik" } })).status,
    ).toBe(422);
    expect(
      (await call("post", "/order.php", { cookie, json: { ...order, package_id: 99 } })).status,
    ).toBe(404);
    const placed = await call<OrderAnswer>("post", "/order.php", { cookie, json: order });
    expect(placed.status).toBe(201);
    const id = placed.body.order.id;
    expect((await call("get", "/order.php", { cookie, query: { id } })).status).toBe(200);
    expect((await call("get", "/order.php", { cookie, query: { id: "x" } })).status).toBe(422);
    expect((await call("get", "/order.php", { query: { id } })).status).toBe(403);
    const payment = placed.body.order.checkout_url?.split("/").pop() ?? "";
    const outcome = { id: payment, outcome: "paid" };
    expect((await call("post", "/sandbox/checkout.php", { json: outcome })).status).toBe(403);
    expect(
      (
        await call("post", "/sandbox/checkout.php", {
          cookie,
          json: { ...outcome, id: "tr_sandbox_aaaaaaaaaaaaaaaa" },
        })
      ).status,
    ).toBe(404);
    expect((await call("post", "/sandbox/checkout.php", { cookie, json: outcome })).status).toBe(
      200,
    );
    expect(
      (await call("post", "/payment-webhook.php", { urlencoded: { id: payment } })).status,
    ).toBe(200);
    expect((await call("post", "/payment-webhook.php", { urlencoded: { id: "" } })).status).toBe(
      422,
    );
    expect((await call("get", "/order.php", { cookie, query: { id: 2147483648 } })).status).toBe(
      422,
    );
    expect((await call("get", "/transactions.php", { cookie })).status).toBe(200);
    expect(
      (await call("get", "/transactions.php", { cookie, query: { cursor: "-1" } })).status,
    ).toBe(422);
    expect((await call("get", "/transactions.php")).status).toBe(403);
    expect((await call("get", "/order.php", { cookie, query: { id } })).status).toBe(200);
    const consent = { immediate_performance: true };
    expect((await call("post", "/repeat-order.php", { cookie, json: {} })).status).toBe(422);
    const repeated = await call<OrderAnswer>("post", "/repeat-order.php", {
      cookie,
      json: consent,
    });
    expect(repeated.status).toBe(201);
    expect((await call("post", "/repeat-order.php", { json: consent })).status).toBe(403);
    expect(
      (await call("post", "/withdraw.php", { cookie, json: { order: repeated.body.order.id } }))
        .status,
    ).toBe(200);
    expect(
      (await call("post", "/withdraw.php", { cookie, json: { order: repeated.body.order.id } }))
        .status,
    ).toBe(409);
    expect((await call("post", "/withdraw.php", { cookie, json: { order: 0 } })).status).toBe(422);
    expect(
      (await call("post", "/withdraw.php", { cookie, json: { order: 2147483647 } })).status,
    ).toBe(404);
    // A new member's own offer, a code that does not exist, and a malformed one.
    const welcome = { welcome: "true" };
    expect((await call("get", "/discountcode.php", { cookie, query: welcome })).status).toBe(404);
    const fresh = (await createLoggedInMember(app, { profile: { country: "nl" } })).cookie;
    expect((await call("get", "/discountcode.php", { cookie: fresh, query: welcome })).status).toBe(
      200,
    );
    const nope = { code: "NOPE" };
    expect((await call("get", "/discountcode.php", { cookie: fresh, query: nope })).status).toBe(
      404,
    );
    expect(
      (await call("get", "/discountcode.php", { cookie: fresh, query: { code: "" } })).status,
    ).toBe(422);
    expect((await call("get", "/discountcode.php", { query: nope })).status).toBe(403);
  });

  it("for a member paying by SEPA direct debit with a texted code", async () => {
    const member = await createLoggedInMember(app, { profile: { country: "nl" } });
    const { cookie } = member;
    const mandate = directDebitMandate({ package_id: 1 });
    expect((await call("post", "/directdebit.php", { json: mandate })).status).toBe(403);
    expect(
      (await call("post", "/directdebit.php", { cookie, json: { ...mandate, iban: "NL00" } }))
        .status,
    ).toBe(422);
    expect(
      (await call("post", "/directdebit.php", { cookie, json: { ...mandate, package_id: 99 } }))
        .status,
    ).toBe(404);
    const sent = await call<{ mandate: number }>("post", "/directdebit.php", {
      cookie,
      json: mandate,
    });
    expect(sent.status).toBe(201);
    const code = { mandate: sent.body.mandate, otp: "000000" };
    expect((await call("post", "/directdebit-confirm.php", { json: code })).status).toBe(403);
    expect(
      (
        await call("post", "/directdebit-confirm.php", {
          cookie,
          json: { ...code, mandate: 2147483647 },
        })
      ).status,
    ).toBe(404);
    const { code: texted } = await findTextedCode("+31634567890");
    const wrong = texted === "000000" ? "111111" : "000000";
    expect(
      (await call("post", "/directdebit-confirm.php", { cookie, json: { ...code, otp: wrong } }))
        .status,
    ).toBe(422);
    const confirmed = await call<OrderAnswer>("post", "/directdebit-confirm.php", {
      cookie,
      json: { ...code, otp: texted },
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.order.state).toBe("pending");
    // Over the month's limit: 9.99 pending, then three packages of 34.99 more.
    const again = { ...mandate, package_id: 3 };
    for (const status of [201, 201, 403]) {
      const asked = await call<{ mandate: number }>("post", "/directdebit.php", {
        cookie,
        json: again,
      });
      if (asked.status === 201) {
        const { code: otp } = await findTextedCode("+31634567890");
        expect(
          (
            await call("post", "/directdebit-confirm.php", {
              cookie,
              json: { mandate: asked.body.mandate, otp },
            })
          ).status,
        ).toBe(201);
      }
      expect(asked.status).toBe(status);
    }
  });

  it("for two members chatting", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 25 });
    const bob = await createLoggedInMember(app);
    const stranger = await createLoggedInMember(app);
    const opened = await call<{ conversation: number }>("post", "/chat.php", {
      cookie: alice.cookie,
      json: { profile: bob.profile.id },
    });
    expect(opened.status).toBe(200);
    const conversation = opened.body.conversation;
    expect(
      (
        await call("post", "/chat.php", {
          cookie: alice.cookie,
          json: { profile: alice.profile.id },
        })
      ).status,
    ).toBe(422);
    expect((await call("post", "/chat.php", { json: { profile: bob.profile.id } })).status).toBe(
      403,
    );
    const text = { conversation, text: "Hello Bob" };
    expect((await call("post", "/message.php", { cookie: alice.cookie, json: text })).status).toBe(
      200,
    );
    expect(
      (
        await call("post", "/message.php", {
          cookie: alice.cookie,
          json: { conversation, text: "" },
        })
      ).status,
    ).toBe(422);
    expect((await call("post", "/message.php", { cookie: alice.cookie, json: text })).status).toBe(
      200,
    );
    expect((await call("post", "/message.php", { cookie: alice.cookie, json: text })).status).toBe(
      402,
    );
    expect(
      (await call("post", "/message.php", { cookie: stranger.cookie, json: text })).status,
    ).toBe(404);
    expect((await call("get", "/chats.php", { cookie: bob.cookie })).status).toBe(200);
    expect(
      (await call("get", "/chats.php", { cookie: bob.cookie, query: { cursor: "x" } })).status,
    ).toBe(422);
    expect(
      (await call("get", "/messages.php", { cookie: bob.cookie, query: { conversation } })).status,
    ).toBe(200);
    expect(
      (await call("get", "/messages.php", { cookie: stranger.cookie, query: { conversation } }))
        .status,
    ).toBe(404);
    const imageForm = async () => {
      const form = new FormData();
      form.append("conversation", String(conversation));
      form.append("photo", new File([(await makePhoneJpeg()) as Uint8Array<ArrayBuffer>], "a.jpg"));
      return form;
    };
    const sentImage = await call<{ message: { id: number } }>("post", "/chat-image.php", {
      cookie: alice.cookie,
      form: await imageForm(),
    });
    expect(sentImage.status).toBe(200);
    expect(
      (await call("post", "/chat-image.php", { cookie: bob.cookie, form: await imageForm() }))
        .status,
    ).toBe(402);
    const openImage = { message: sentImage.body.message.id };
    expect(
      (await call("post", "/chat-image-open.php", { cookie: bob.cookie, json: openImage })).status,
    ).toBe(403);
    expect(
      (await call("post", "/chat-image-open.php", { cookie: stranger.cookie, json: openImage }))
        .status,
    ).toBe(404);
    const read = { cookie: bob.cookie, json: { conversation } };
    expect((await call("post", "/chat-read.php", read)).status).toBe(200);
    expect((await call("post", "/typing.php", read)).status).toBe(200);
    expect((await call("get", "/events.php", { cookie: bob.cookie })).status).toBe(200);
    expect((await call("get", "/events.php")).status).toBe(403);
    expect((await call("post", "/page-hidden.php", { cookie: bob.cookie, json: {} })).status).toBe(
      200,
    );
    expect((await call("post", "/page-hidden.php", { json: {} })).status).toBe(403);
    expect((await call("delete", "/chat.php", read)).status).toBe(200);
    const report = { profile: alice.profile.id, reason: "spam", conversation };
    expect((await call("post", "/report.php", { cookie: bob.cookie, json: report })).status).toBe(
      200,
    );
    expect((await call("post", "/report.php", { cookie: bob.cookie, json: report })).status).toBe(
      409,
    );
    expect(
      (await call("post", "/report.php", { cookie: bob.cookie, json: { ...report, reason: "x" } }))
        .status,
    ).toBe(422);
    expect(
      (await call("delete", "/chat.php", { cookie: stranger.cookie, json: { conversation } }))
        .status,
    ).toBe(404);
    const exported = await call<{ messages_sent: unknown[]; credit_history: unknown[] }>(
      "get",
      "/export.php",
      { cookie: alice.cookie },
    );
    expect(exported.body.messages_sent).toHaveLength(3);
    expect(exported.body.credit_history).toHaveLength(4);
  });

  it("for a member turning push notifications on and off in a browser", async () => {
    const member = await createLoggedInMember(app);
    const subscription = {
      endpoint: "https://fcm.googleapis.com/fcm/send/contract-test",
      expirationTime: null,
      keys: {
        p256dh: `B${"A".repeat(86)}`,
        auth: "A".repeat(22),
      },
    };
    const saved = await call("post", "/push-subscription.php", {
      cookie: member.cookie,
      json: { subscription },
    });
    expect(saved.status).toBe(200);
    const refused = await call("post", "/push-subscription.php", {
      cookie: member.cookie,
      json: { subscription: { ...subscription, endpoint: "https://10.0.0.1/push" } },
    });
    expect(refused).toMatchObject({ status: 422, body: { error: "push_service_refused" } });
    expect((await call("post", "/push-subscription.php", { json: { subscription } })).status).toBe(
      403,
    );
    const removed = await call("delete", "/push-subscription.php", {
      cookie: member.cookie,
      json: { endpoint: subscription.endpoint },
    });
    expect(removed.status).toBe(200);
  });

  it("for a member managing their photos", async () => {
    const member = await createLoggedInMember(app, { photoCount: 1 });
    const full = await createLoggedInMember(app, { photoCount: 3 });
    const cookie = member.cookie;

    expect((await call("get", "/photos.php", { cookie })).status).toBe(200);
    expect((await call("get", "/photos.php")).status).toBe(403);
    const upload = await call<OwnPhotos>("post", "/photos.php", {
      cookie,
      form: photoForm(await makePhoneJpeg()),
    });
    expect(upload.status).toBe(201);
    const small = { cookie, form: photoForm(await makePng(100, 100)) };
    expect(await call("post", "/photos.php", small)).toMatchObject({
      status: 422,
      body: { error: "photo_too_small" },
    });
    expect(await call("post", "/photos.php", { cookie, form: photoForm(undefined) })).toMatchObject(
      { status: 422, body: { error: "validation" } },
    );
    const limit = { cookie: full.cookie, form: photoForm(await makePng(400, 500)) };
    expect((await call("post", "/photos.php", limit)).status).toBe(403);

    const [first = 0, second = 0] = upload.body.photos.map((photo) => photo.id);
    const arrange = { cookie, json: { order: [second, first], main_id: second } };
    expect((await call("patch", "/photos.php", arrange)).status).toBe(200);
    expect((await call("patch", "/photos.php", { cookie, json: { order: [first] } })).status).toBe(
      422,
    );
    const missing = { cookie, json: { main_id: 2_000_000 } };
    expect((await call("patch", "/photos.php", missing)).status).toBe(404);
    expect((await call("delete", "/photos.php", { cookie, query: { id: first } })).status).toBe(
      200,
    );
    expect((await call("delete", "/photos.php", { cookie, query: { id: first } })).status).toBe(
      404,
    );
  });

  it("for a visitor sending complaints and answering the cookie notice", async () => {
    const complaint = {
      name: "Robin",
      email: uniqueEmail("complaint"),
      category: "member",
      message: "A profile asked me for money in the first message.",
    };
    const address = { clientAddress: "203.0.113.9" };
    for (let sent = 0; sent < 5; sent++) {
      expect((await call("post", "/complaints.php", { ...address, json: complaint })).status).toBe(
        201,
      );
    }
    expect((await call("post", "/complaints.php", { ...address, json: complaint })).status).toBe(
      429,
    );
    const short = { json: { ...complaint, message: "Too short" } };
    expect((await call("post", "/complaints.php", short)).status).toBe(422);

    expect((await call("post", "/cookie-consent.php", { json: { choice: "all" } })).status).toBe(
      204,
    );
    const unknown = { json: { choice: "some" } };
    expect((await call("post", "/cookie-consent.php", unknown)).status).toBe(422);
  });
});
