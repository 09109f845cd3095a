import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect } from "vitest";
import type { ZodType } from "zod";
import { type App, createApi } from "../server/app";
import { findLink, findMailsTo } from "./outbox";

/*
 * The contract tests (src/server/contract*.test.ts, design §6: the zod schemas in src/contract
 * are the one contract): every answer of a realistic journey through the API must be declared in
 * the OpenAPI document (path, method and status) and match the schema the route registered for
 * it, without a field the schema does not name.
 */

export type Method = "get" | "post" | "put" | "patch" | "delete";
export type DocumentSchema = Record<string, unknown>;
export type Operation = {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
export type OpenApiDocument = {
  servers?: { url: string }[];
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components: { schemas: Record<string, DocumentSchema> };
};

export type CallOptions = {
  cookie?: string;
  /** The values of the path's `{name}` parameters (the path is written as the document has it). */
  params?: Record<string, string | number>;
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

export type Call = <T = unknown>(
  method: Method,
  path: string,
  options?: CallOptions,
) => Promise<{ status: number; body: T; headers: Headers }>;

/** The zod schemas of each route's answers, by "method path" and status. */
function findRegisteredSchemas(): Map<string, Map<string, ZodType | null>> {
  const registered = new Map<string, Map<string, ZodType | null>>();
  for (const definition of createApi().openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    const statuses = new Map<string, ZodType | null>();
    for (const [status, response] of Object.entries(definition.route.responses)) {
      const json = "content" in response ? response.content?.["application/json"] : undefined;
      const schema = json && "schema" in json ? json.schema : undefined;
      statuses.set(status, isZodSchema(schema) ? schema : null);
    }
    registered.set(`${definition.route.method} ${definition.route.path}`, statuses);
  }
  return registered;
}

function isZodSchema(value: unknown): value is ZodType {
  return typeof (value as ZodType | undefined)?.safeParse === "function";
}

/**
 * "method path" of every `call("method", "/path", …)` written in a test file's source: what
 * its journeys call. The files together must call every operation of the document.
 */
export function findOperationsWritten(source: string): Set<string> {
  const calls = source.matchAll(/\bcall(?:<[^()]*?>)?\(\s*"([a-z]+)",\s*"([^"]+)"/g);
  return new Set([...calls].map(([, method, path]) => `${method} ${path}`));
}

/**
 * A client of `app` that reads the OpenAPI document (before the file's first test) and checks
 * every answer against it. After the file's last test it checks that every call written in
 * the file was made, so the files' sources say truly which operations were checked.
 */
export function createContractClient(app: App): { call: Call; readonly document: OpenApiDocument } {
  const registeredSchemas = findRegisteredSchemas();
  let document: OpenApiDocument | undefined;
  const called = new Set<string>();
  const getDocument = () => {
    if (!document) throw new Error("the OpenAPI document is read before the first test");
    return document;
  };

  beforeAll(async () => {
    const response = await app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenApiDocument;
  });

  afterAll(() => {
    const written = findOperationsWritten(readFileSync(expect.getState().testPath ?? "", "utf8"));
    expect([...written].filter((operation) => !called.has(operation))).toEqual([]);
  });

  async function expectDeclared(method: Method, path: string, response: Response) {
    const where = `${method.toUpperCase()} ${path} → ${response.status}`;
    const operation = getDocument().paths[path]?.[method];
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

  /**
   * Sends one call the way a client that read the document would (server URL + path), then
   * checks its answer against the document and the route's registered schema. Answers the
   * JSON body.
   */
  const call: Call = async <T = unknown>(
    method: Method,
    path: string,
    options: CallOptions = {},
  ) => {
    const server = getDocument().servers?.[0]?.url ?? "";
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
    const url = path.replace(/\{(\w+)\}/g, (whole, name: string) =>
      encodeURIComponent(String(options.params?.[name] ?? whole)),
    );
    const response = await app.request(
      `${server}${url}${query}`,
      { method: method.toUpperCase(), headers, body },
      { clientAddress: options.clientAddress ?? "192.0.2.1" },
    );
    called.add(`${method} ${path}`);
    const answer = await expectDeclared(method, path, response);
    return { status: response.status, body: answer as T, headers: response.headers };
  };

  return {
    call,
    get document() {
      return getDocument();
    },
  };
}

/** The token of the newest link to `path` e-mailed to an address. */
export async function findMailedToken(email: string, path: string): Promise<string> {
  const [mail] = await findMailsTo(email);
  if (!mail) throw new Error(`no e-mail to ${email}`);
  return new URL(findLink(mail, path)).searchParams.get("token") ?? "";
}

/** A photo upload's form, with no file when `bytes` is undefined. */
export function photoForm(bytes: Uint8Array | undefined): FormData {
  const form = new FormData();
  if (bytes) form.append("photo", new File([bytes as Uint8Array<ArrayBuffer>], "me.jpg"));
  return form;
}
