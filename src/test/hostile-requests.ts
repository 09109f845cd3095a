import type { App } from "../server/app";
import { MAX_ID } from "../server/lib/validation";
import { findProblem, type HostileSend } from "./hostile";

/*
 * Every call of the OpenAPI document, sent hostile values in every parameter and body field in
 * turn (src/server/hostile-calls-*.test.ts, design §10), with values the schema accepts in the
 * others, so that the hostile value is what is tested.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
};
type Parameter = { name: string; in: string; required?: boolean; schema: Schema };
export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: { mediaType: string; schema: Schema } | null;
};

type OpenApi = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
  components: { schemas: Record<string, Schema> };
};

/** The document readOperations read (a test file reads it once): $refs resolve against it. */
let openapi: OpenApi = { paths: {}, components: { schemas: {} } };

/** Reads the app's OpenAPI document: every call it documents, with its parameters and body. */
export async function readOperations(app: App): Promise<Operation[]> {
  openapi = (await (await app.request("/api/openapi.json")).json()) as OpenApi;
  return Object.entries(openapi.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const content = (operation.requestBody as { content?: Record<string, { schema: Schema }> })
        ?.content;
      const [mediaType, media] = Object.entries(content ?? {})[0] ?? [];
      return {
        method: method.toUpperCase(),
        path: `/api${path}`,
        parameters: operation.parameters ?? [],
        body: mediaType && media ? { mediaType, schema: media.schema } : null,
      };
    }),
  );
}

function resolve(schema: Schema): Schema {
  const name = schema.$ref?.replace("#/components/schemas/", "");
  return name ? (openapi.components.schemas[name] ?? {}) : schema;
}

/** Values known to pass, where the schema alone does not say (a good password, a name). */
const FIELD_SAMPLES: Record<string, unknown> = {
  name: "Kim",
  password: "a long and unusual passphrase",
  password_repeat: "a long and unusual passphrase",
  old_password: "a long and unusual passphrase",
  message: "Eine Beschwerde, die lang genug ist, um gelesen zu werden.",
  signup_message: "Hallo!",
  token: "0123456789abcdefghij",
  lat: 52.1,
  lon: 5.1,
};
/** Optional fields sent all the same, as what one does depends on the other. */
const ALSO_SENT = new Set(["signup_message", "signup_message_to"]);
const PATTERN_SAMPLES: Record<string, string> = {
  "^[a-z]{2}$": "nl",
  "^[a-zA-Z]{2}$": "nl",
  "^[A-Z]{2}-[A-Z0-9]{1,3}$": "NL-UT",
};

let sampleCount = 0;

/** A value the schema accepts, so that a hostile value in another field is what is tested. */
function sampleOf(name: string, raw: Schema, target: number): unknown {
  const schema = resolve(raw);
  if (name in FIELD_SAMPLES) return FIELD_SAMPLES[name];
  const types = [schema.type ?? "object"].flat();
  if (schema.enum) return schema.enum.find((value) => value !== null);
  if (types.includes("integer")) {
    if (schema.maximum === MAX_ID) return target;
    return schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
  }
  if (types.includes("number")) return schema.minimum ?? 0;
  if (types.includes("boolean")) return true;
  if (types.includes("array")) return [];
  if (types.includes("string")) {
    // Each request its own address: a signup then creates an account, rather than taking the
    // path of an address that already has one.
    if (schema.format === "email") return `hostile-${++sampleCount}@example.com`;
    if (schema.format === "date") return "1990-01-01";
    if (schema.pattern && schema.pattern in PATTERN_SAMPLES) return PATTERN_SAMPLES[schema.pattern];
    return "x".repeat(Math.max(schema.minLength ?? 1, 1));
  }
  const keys = Object.keys(schema.properties ?? {}).filter(
    (key) => schema.required?.includes(key) || ALSO_SENT.has(key),
  );
  return Object.fromEntries(
    keys.map((key) => [key, sampleOf(key, schema.properties?.[key] ?? {}, target)]),
  );
}

const HUGE_TEXT = "x".repeat(100_000);
const LONG = "ein Text, lang genug für jede Mindestlänge eines Feldes";

/** Hostile values for a JSON field. */
const hostileJsonValues: unknown[] = [
  MAX_ID + 1,
  2 ** 63,
  -1,
  0,
  1.5,
  1e308,
  "2147483648",
  "NaN",
  "1e3",
  "007",
  "",
  null,
  true,
  [],
  {},
  [MAX_ID + 1],
  ["\u0000"],
  { id: 1 },
  "\u0000",
  `${LONG}\u0000${LONG}`,
  `${LONG}\ud800${LONG}`,
  `${LONG}\u001b[31m${LONG}`,
  HUGE_TEXT,
  "%E0%A4%A",
];

/** Hostile query string values, written as they arrive (some deliberately malformed). */
const hostileQueryValues = [
  String(MAX_ID + 1),
  "9223372036854775808",
  "-1",
  "0",
  "1.5",
  "NaN",
  "Infinity",
  "1e3",
  "007",
  "0x10",
  "abc",
  "",
  "%00",
  "a%00b",
  "%E0%A4%A",
  "%ZZ",
  "%",
  HUGE_TEXT,
  Buffer.from("1|1").toString("base64url"),
];

/** The requests of one operation: each parameter and field hostile in turn, then whole bodies. */
function hostileRequests(operation: Operation, target: number): [string, RequestInit][] {
  const requests: [string, RequestInit][] = [];
  const query = new Map<string, string>();
  for (const parameter of operation.parameters) {
    if (parameter.in === "query" && parameter.required) {
      query.set(parameter.name, String(sampleOf(parameter.name, parameter.schema, target)));
    }
  }
  // A path's parameters (`/staff/reports/{id}/claim`): a good value, or one hostile in turn.
  const pathValues = new Map<string, string>();
  for (const parameter of operation.parameters) {
    if (parameter.in === "path") {
      pathValues.set(parameter.name, String(sampleOf(parameter.name, parameter.schema, target)));
    }
  }
  const pathOf = (replaced?: [string, string]) =>
    operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      name === replaced?.[0] ? replaced[1] : encodeURIComponent(pathValues.get(name) ?? "1"),
    );
  const url = (replaced?: [string, string], inPath?: [string, string]) => {
    const parts = [...query]
      .filter(([name]) => name !== replaced?.[0])
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
    if (replaced) parts.push(replaced[1]);
    const path = pathOf(inPath);
    return parts.length ? `${path}?${parts.join("&")}` : path;
  };
  const jsonSchema =
    operation.body?.mediaType === "application/json" ? operation.body.schema : null;
  const base = () =>
    jsonSchema ? (sampleOf("", jsonSchema, target) as Record<string, unknown>) : null;
  const init = (body?: unknown): RequestInit =>
    jsonSchema
      ? {
          method: operation.method,
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body ?? base()),
        }
      : { method: operation.method };

  requests.push([url(), init()]);
  for (const parameter of operation.parameters) {
    const { name } = parameter;
    if (parameter.in === "query") {
      const forms = [...hostileQueryValues.map((value) => `${name}=${value}`)];
      forms.push(`${name}=1&${name}=2`, `${name}[]=1`, `${name}[a]=1`, name);
      for (const form of forms) requests.push([url([name, form]), init()]);
    }
    if (parameter.in === "path") {
      for (const value of hostileQueryValues)
        requests.push([url(undefined, [name, value]), init()]);
    }
    if (parameter.in === "header") {
      for (const value of ["x", "client%00", HUGE_TEXT.slice(0, 8000)]) {
        const headers = new Headers(init().headers);
        headers.set(name, value);
        requests.push([url(), { ...init(), headers }]);
      }
    }
  }
  if (jsonSchema) {
    for (const field of Object.keys(resolve(jsonSchema).properties ?? {})) {
      const { [field]: _, ...without } = base() ?? {};
      requests.push([url(), init(without)]);
      for (const value of hostileJsonValues) {
        requests.push([url(), init({ ...base(), [field]: value })]);
      }
    }
    const raw = (contentType: string | null, body: BodyInit): RequestInit => ({
      method: operation.method,
      headers: contentType ? { "content-type": contentType } : {},
      body,
    });
    for (const body of ["{ not json", "[]", "null", '"text"', "42", '{"__proto__":{"x":1}}', ""]) {
      requests.push([url(), raw("application/json", body)]);
    }
    requests.push([url(), raw("text/plain", JSON.stringify(base()))]);
    requests.push([url(), raw("application/x-www-form-urlencoded", "id=1&name=x")]);
    requests.push([url(), raw(null, JSON.stringify(base()))]);
    requests.push([url(), raw("application/json; charset=latin1", JSON.stringify(base()))]);
  }
  if (operation.body?.mediaType === "multipart/form-data") {
    const forms: FormData[] = [new FormData(), new FormData(), new FormData(), new FormData()];
    forms[1]?.append("photo", "keine Datei");
    forms[2]?.append("photo", new File([HUGE_TEXT], "\u0000.jpg", { type: "image/jpeg" }));
    forms[3]?.append("photo", new File([], "leer.jpg", { type: "image/jpeg" }));
    for (const body of forms) requests.push([url(), { method: operation.method, body }]);
    requests.push([
      url(),
      { method: operation.method, headers: { "content-type": "multipart/form-data" }, body: "x" },
    ]);
    requests.push([
      url(),
      { method: operation.method, headers: { "content-type": "application/json" }, body: "{}" },
    ]);
  }
  return requests;
}

/**
 * Sends an operation's hostile requests (`target` an existing profile's id, `cookie` a member's
 * or none): what is wrong with the answers, by design §6 (findProblem), one line each.
 */
export async function findHostileProblems(
  send: HostileSend,
  operation: Operation,
  target: number,
  cookie: string | undefined,
): Promise<string[]> {
  const problems: string[] = [];
  for (const [path, init] of hostileRequests(operation, target)) {
    const problem = await findProblem(await send(path, { ...init, cookie }));
    if (problem) {
      const body = typeof init.body === "string" ? init.body.slice(0, 120) : "";
      problems.push(`${init.method ?? "GET"} ${path.slice(0, 160)} ${body} → ${problem}`);
    }
  }
  return problems;
}
