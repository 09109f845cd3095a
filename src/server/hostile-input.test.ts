import { beforeAll, describe, expect, it } from "vitest";
import { catalogues } from "../i18n/catalogues";
import { createLoggedInMember, createTestMember } from "../test/members";
import { createApp } from "./app";
import { getDb } from "./db/client";
import { MAX_ID } from "./lib/validation";

/*
 * design §10: hostile values (ids past 2^31, NUL bytes, crafted cursors, malformed encoding) get
 * a 4xx with the usual JSON error, never a 5xx. The first part reproduces the reported cases;
 * the second walks every call of the OpenAPI document with hostile values in every parameter
 * and body field, as a visitor and as a member.
 */

const app = createApp();
let requestCount = 0;

/**
 * One in-process request, from its own client address so per-address limits do not hide what
 * a call does with a value, in German (cookie), so untranslated text stands out.
 */
function send(path: string, init: RequestInit & { cookie?: string } = {}) {
  requestCount++;
  const headers = new Headers(init.headers);
  headers.set("cookie", [init.cookie, "locale=de"].filter(Boolean).join("; "));
  return app.request(path, { ...init, headers }, { clientAddress: `hostile-${requestCount}` });
}

function sendJson(method: string, path: string, body: unknown, cookie?: string) {
  return send(path, {
    method,
    cookie,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Every German catalogue text as a pattern, its {placeholders} standing for any value. */
const germanTexts = Object.values(catalogues.de).map(
  (text) =>
    new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, ".+")}$`, "s"),
);
const isGermanText = (text: unknown) =>
  typeof text === "string" && germanTexts.some((pattern) => pattern.test(text));

/**
 * What is wrong with an answer by design §6, or null: no 5xx; a 4xx is JSON with an `error`
 * code and a translated `message`, or 422 `validation` with a translated text per field.
 */
async function findProblem(response: Response): Promise<string | null> {
  // The events stream never ends: its answer is the status and type; the stream is closed.
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    await response.body?.cancel();
    return response.status === 200 ? null : `${response.status} event stream`;
  }
  const text = await response.text();
  const answer = `${response.status} ${text.slice(0, 200)}`;
  if (response.status >= 500) return answer;
  if (response.status < 400) return null;
  if (!response.headers.get("content-type")?.startsWith("application/json")) return answer;
  let body: { error?: unknown; message?: unknown; fields?: Record<string, unknown> };
  try {
    body = JSON.parse(text);
  } catch {
    return answer;
  }
  if (typeof body.error !== "string" || body.error === "") return answer;
  if (body.error === "validation") {
    const messages = Object.values(body.fields ?? {});
    return response.status === 422 && messages.length > 0 && messages.every(isGermanText)
      ? null
      : answer;
  }
  return isGermanText(body.message) ? null : answer;
}

async function expectProperAnswer(response: Response) {
  expect(await findProblem(response)).toBeNull();
}

describe("the reported cases", () => {
  let visitorTarget: number;
  let member: Awaited<ReturnType<typeof createLoggedInMember>>;

  beforeAll(async () => {
    visitorTarget = (await createTestMember(await getDb())).profile.id;
    member = await createLoggedInMember(app, { credits: 100 });
  });

  const hugeIds = [String(MAX_ID + 1), "9223372036854775808", "-1", "0", "1.5", "1e3", "007", "x"];

  it.each(hugeIds)("answers the profile id %s with a 422 naming the field", async (id) => {
    for (const cookie of [undefined, member.cookie]) {
      const response = await send(`/api/profile.php?id=${id}`, { cookie });
      expect(response.status).toBe(422);
      expect((await response.json()).fields.id).toBe("Dieser Wert ist ungültig");
    }
  });

  it.each([
    ["POST", "/api/like.php"],
    ["POST", "/api/block.php"],
    ["POST", "/api/gift.php"],
  ])("refuses an id past 2^31 in %s %s with a 422", async (method, path) => {
    for (const id of [MAX_ID + 1, 2 ** 63, -1, 1.5]) {
      const response = await sendJson(method, path, { id, gift: "rose" }, member.cookie);
      expect(response.status).toBe(422);
      expect(Object.keys((await response.json()).fields)).toEqual(["id"]);
    }
  });

  it.each([
    ["DELETE", "/api/like.php"],
    ["DELETE", "/api/block.php"],
    ["DELETE", "/api/photos.php"],
  ])("refuses an id past 2^31 in %s %s?id= with a 422", async (method, path) => {
    for (const id of [String(MAX_ID + 1), "9223372036854775808", "1e3", "007"]) {
      const response = await send(`${path}?id=${id}`, { method, cookie: member.cookie });
      expect(response.status).toBe(422);
      expect(Object.keys((await response.json()).fields)).toEqual(["id"]);
    }
  });

  it("still accepts the largest id, which simply names no one", async () => {
    const response = await send(`/api/profile.php?id=${MAX_ID}`);
    expect(response.status).toBe(404);
    await expectProperAnswer(response);
  });

  it("refuses a first message to an id past 2^31 at signup", async () => {
    const response = await sendJson("POST", "/api/signup.php", {
      email: "first-message@example.com",
      name: "Kim",
      password: "a long and unusual passphrase",
      date_of_birth: "1990-01-01",
      signup_message: "Hello!",
      signup_message_to: MAX_ID + 1,
    });
    expect(response.status).toBe(422);
    expect(Object.keys((await response.json()).fields)).toEqual(["signup_message_to"]);
  });

  it.each([
    ["a crafted cursor (base64 of 1|1)", Buffer.from("1|1").toString("base64url")],
    ["a cursor that is not base64 of anything", "abc"],
    [
      "a cursor with an impossible date",
      Buffer.from("2026-02-30 10:00:00+00|5").toString("base64url"),
    ],
    [
      "a cursor with an id past 2^31",
      Buffer.from(`2026-01-01 10:00:00+00|${MAX_ID + 1}`).toString("base64url"),
    ],
    ["a cursor with a third part", Buffer.from("2026-01-01 10:00:00+00|5|6").toString("base64url")],
  ])("answers %s with a 422 on the cursor, for visitors and members", async (_, cursor) => {
    for (const cookie of [undefined, member.cookie]) {
      const response = await send(`/api/search.php?cursor=${cursor}`, { cookie });
      expect(response.status).toBe(422);
      expect((await response.json()).fields).toEqual({ cursor: "Dieser Wert ist ungültig" });
    }
  });

  it("pages on with a cursor the search itself made", async () => {
    const cursor = Buffer.from(`2026-01-01 10:00:00.123456+00|${visitorTarget}`).toString(
      "base64url",
    );
    const response = await send(`/api/search.php?cursor=${cursor}`);
    expect(response.status).toBe(200);
  });

  const withNul = "Ich reise gern und koche für Freunde.\u0000 Und ich lese viel, abends.";

  it("refuses a NUL byte in the profile text with a field message", async () => {
    const response = await sendJson(
      "PUT",
      "/api/profile.php",
      { step: 3, about: withNul },
      member.cookie,
    );
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toEqual({
      about: "Dieser Text enthält unsichtbare Zeichen, die nicht erlaubt sind",
    });
  });

  it("refuses a NUL byte in a complaint's name and message", async () => {
    const response = await sendJson("POST", "/api/complaints.php", {
      name: "Kim\u0000",
      email: "kim@example.com",
      category: "other",
      message: withNul,
    });
    expect(response.status).toBe(422);
    expect(Object.keys((await response.json()).fields).sort()).toEqual(["message", "name"]);
  });

  it("refuses a NUL byte in a signup message", async () => {
    const response = await sendJson("POST", "/api/signup.php", {
      email: "nul-message@example.com",
      name: "Kim",
      password: "a long and unusual passphrase",
      date_of_birth: "1990-01-01",
      signup_message: withNul,
      signup_message_to: visitorTarget,
    });
    expect(response.status).toBe(422);
    expect(Object.keys((await response.json()).fields)).toEqual(["signup_message"]);
  });

  it("keeps line breaks and tabs in texts of several lines", async () => {
    const about = "Ich reise gern.\r\n\tUnd ich koche für Freunde, am liebsten am Wochenende.";
    const response = await sendJson("PUT", "/api/profile.php", { step: 3, about }, member.cookie);
    expect(response.status).toBe(200);
    expect((await response.json()).about).toBe(about);
  });

  it.each([
    ["18.5", "Gib eine ganze Zahl ein"],
    ["abc", "Gib eine Zahl ein"],
    ["17", "Gib 18 oder mehr ein"],
    ["100", "Gib 99 oder weniger ein"],
  ])("says what is wrong with min_age=%s", async (value, message) => {
    const response = await send(`/api/search.php?min_age=${value}`);
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toEqual({ min_age: message });
  });

  it("says which option is wrong and which field is missing", async () => {
    const response = await sendJson("POST", "/api/complaints.php", {
      email: "kim@example.com",
      category: "nonsense",
      message: "Eine Beschwerde, die lang genug ist.",
    });
    expect((await response.json()).fields).toEqual({
      name: "Bitte fülle dieses Feld aus",
      category: "Wähle eine der angebotenen Möglichkeiten",
    });
  });

  it("answers malformed JSON with a translated 400", async () => {
    const response = await send("/api/like.php", {
      method: "POST",
      cookie: member.cookie,
      headers: { "content-type": "application/json" },
      body: "{ not json",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "bad_request",
      message:
        "Deine Anfrage konnte nicht gelesen werden. Lade die Seite neu und versuche es noch einmal.",
    });
  });

  it("answers a body in a type the call does not take with a translated 415", async () => {
    const response = await send("/api/like.php", {
      method: "POST",
      cookie: member.cookie,
      headers: { "content-type": "text/plain" },
      body: "id=1",
    });
    expect(response.status).toBe(415);
    expect((await response.json()).error).toBe("unsupported_media_type");
  });

  it.each([
    "/api/search.php?gender=%E0%A4%A",
    "/api/profile.php?id=%ZZ",
    "/api/search.php?country=%",
  ])("answers the malformed percent-encoding of %s with a 422", async (path) => {
    const response = await send(path);
    expect(response.status).toBe(422);
    await expectProperAnswer(response);
  });
});

// ---------------------------------------------------------------------------------------------

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
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: { mediaType: string; schema: Schema } | null;
};

const openapi = (await (await app.request("/api/openapi.json")).json()) as {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
  components: { schemas: Record<string, Schema> };
};

const operations: Operation[] = Object.entries(openapi.paths).flatMap(([path, methods]) =>
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
  const url = (replaced?: [string, string]) => {
    const parts = [...query]
      .filter(([name]) => name !== replaced?.[0])
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
    if (replaced) parts.push(replaced[1]);
    return parts.length ? `${operation.path}?${parts.join("&")}` : operation.path;
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

describe("every documented call, sent hostile values", () => {
  it("documents every call the API answers", () => {
    const documented = new Set(
      operations.map((operation) => `${operation.method} ${operation.path}`),
    );
    const answered = app.routes
      // Method ALL is middleware (body limits), not a call.
      .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL")
      .filter((route) => route.path !== "/api/openapi.json")
      .map((route) => `${route.method} ${route.path}`);
    expect([...new Set(answered)].filter((call) => !documented.has(call))).toEqual([]);
    expect(operations.length).toBeGreaterThan(30);
  });

  describe.each(["visitor", "member"] as const)("as a %s", (role) => {
    it.each(
      operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const),
    )(
      "%s: never a 5xx; every 4xx in the design §6 shape, translated",
      async (_, operation) => {
        const target = (await createTestMember(await getDb())).profile.id;
        // A member of their own per call: a call may end the session (logout, deletion).
        const cookie =
          role === "member"
            ? (await createLoggedInMember(app, { credits: 100 })).cookie
            : undefined;
        const problems: string[] = [];
        for (const [path, init] of hostileRequests(operation, target)) {
          const problem = await findProblem(await send(path, { ...init, cookie }));
          if (problem) {
            const body = typeof init.body === "string" ? init.body.slice(0, 120) : "";
            problems.push(`${init.method ?? "GET"} ${path.slice(0, 160)} ${body} → ${problem}`);
          }
        }
        expect(problems).toEqual([]);
      },
      120_000,
    );
  });

  it.each([
    "/api/%ZZ",
    "/api/profile.php%00",
    "/api/profile.php/2147483648",
    "/media/%ZZ",
    "/media/p/..%2F..%2Fetc%2Fpasswd",
    "/media/p/%00.webp",
  ])("answers the path %s with a 404 in the design §6 shape", async (path) => {
    const response = await send(path);
    expect(response.status).toBe(404);
    expect(await findProblem(response)).toBeNull();
  });
});
