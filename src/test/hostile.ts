import { expect } from "vitest";
import { catalogues } from "../i18n/catalogues";
import type { App } from "../server/app";

/*
 * The hostile-input tests (src/server/hostile-*.test.ts, design §10): hostile values get a 4xx
 * with the usual JSON error, never a 5xx. This is how they send, and what they ask of an answer.
 */

export type HostileSend = (
  path: string,
  init?: RequestInit & { cookie?: string },
) => Response | Promise<Response>;

/**
 * Sends in-process requests to `app`, each from its own client address so per-address limits
 * do not hide what a call does with a value, in German (cookie), so untranslated text stands out.
 */
export function createHostileClient(app: App): {
  send: HostileSend;
  sendJson: (method: string, path: string, body: unknown, cookie?: string) => Promise<Response>;
} {
  let requestCount = 0;
  const send: HostileSend = (path, init = {}) => {
    requestCount++;
    const headers = new Headers(init.headers);
    headers.set("cookie", [init.cookie, "locale=de"].filter(Boolean).join("; "));
    return app.request(path, { ...init, headers }, { clientAddress: `hostile-${requestCount}` });
  };
  const sendJson = async (method: string, path: string, body: unknown, cookie?: string) =>
    send(path, {
      method,
      cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { send, sendJson };
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
export async function findProblem(response: Response): Promise<string | null> {
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

/** Fails the test unless the answer is what design §6 asks of it (findProblem). */
export async function expectProperAnswer(response: Response): Promise<void> {
  expect(await findProblem(response)).toBeNull();
}
