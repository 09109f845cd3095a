import { describe, expect, it } from "vitest";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import {
  COMPLAINT_FORM_LIMIT,
  DEFAULT_BODY_LIMIT,
  PAGE_FORM_LIMIT,
  pageFormLimit,
  SERVER_BODY_LIMIT,
} from "./body-limit";

const app = createApp();

/** A body that would be `total` bytes, produced only as it is read; counts what was read. */
function lazyBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(32);
  let produced = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= total) return controller.close();
      produced += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, read: () => produced };
}

describe("request body limits (design §10)", () => {
  it("refuses a 200 MB JSON body from a visitor by its Content-Length, without reading it", async () => {
    const body = lazyBody(200 * 1024 * 1024);
    const response = await app.request("/api/password-reset.php", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(200 * 1024 * 1024) },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: "payload_too_large",
      message: "This request is too large (more than 4 KB).",
    });
    expect(body.read()).toBeLessThan(1024 * 1024);
  });

  it("stops reading a body of unknown length as soon as it passes the call's limit", async () => {
    const body = lazyBody(200 * 1024 * 1024);
    const response = await app.request("/api/signup.php", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "locale=de" },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe("Diese Anfrage ist zu groß (mehr als 32 KB).");
    expect(body.read()).toBeLessThan(32 * 1024 + 128 * 1024);
  });

  it("gives calls with free text room for their longest field, and others only a little", async () => {
    const { cookie } = await createLoggedInMember(app);
    const about = "ő".repeat(1500);
    const profile = await app.request("/api/profile.php", {
      method: "PUT",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ step: 3, about }),
    });
    expect(profile.status).not.toBe(413);
    const like = await app.request("/api/like.php", {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ id: 1, padding: "x".repeat(DEFAULT_BODY_LIMIT) }),
    });
    expect(like.status).toBe(413);
  });

  it("keeps every call's limit under the server's ceiling in astro.config.mjs (16 MiB)", () => {
    expect(SERVER_BODY_LIMIT).toBeLessThanOrEqual(16 * 1024 * 1024);
  });

  it("gives the complaint page's form post room for its longest text, form-encoded, and other pages little", () => {
    const form = new URLSearchParams({
      name: "Maria Jansen",
      email: "maria@test.example",
      category: "payment",
      message: "語".repeat(5000),
    }).toString();
    for (const path of ["/complaints", "/de/complaints", "/nb/complaints"]) {
      expect(pageFormLimit(path)).toBe(COMPLAINT_FORM_LIMIT);
      expect(form.length).toBeLessThanOrEqual(pageFormLimit(path));
    }
    for (const path of ["/login", "/complaints/x", "/xcomplaints", "/de/login"]) {
      expect(pageFormLimit(path)).toBe(PAGE_FORM_LIMIT);
    }
    expect(COMPLAINT_FORM_LIMIT).toBeLessThanOrEqual(SERVER_BODY_LIMIT);
  });
});
