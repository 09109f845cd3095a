import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "../server/app";
import { createSession, generateSessionToken, SESSION_COOKIE } from "../server/auth/session";
import { staffHost } from "../server/staff/origin";
import { createStaffSession, STAFF_COOKIE } from "../server/staff/session";
import { getReadyDb } from "../server/startup";
import { page } from "./api-page";
import { createTestMember, type TestMemberOptions, uniqueEmail } from "./members";
import { createTestStaff } from "./staff";

/**
 * The real API (`createApp` on the test file's own database) served over HTTP on loopback,
 * with the page's address (api-page.ts) set to it: islands under test call it same-origin, as
 * in the browser. Node's fetch keeps no cookies, so the signed-in member's session cookie is
 * added here.
 *
 * What a network can do to a call, the server can be told to do: hold answers until released
 * (to see a form while it is busy) or drop every connection (a lost network).
 */
export async function startApiServer() {
  // The database is created and migrated now, not in the first test.
  await getReadyDb();
  const app = createApp();
  let offline = false;
  let held: Promise<void> | null = null;
  let sessionCookie: string | null = null;
  /** The Host the app is told (the console answers on the staff origin's host alone). */
  let host: string | null = null;
  /** "METHOD /path" of every call that reached the server, in order. */
  const calls: string[] = [];

  async function answer(request: IncomingMessage, response: ServerResponse) {
    if (held) await held;
    if (offline) {
      request.socket.destroy();
      return;
    }
    calls.push(`${request.method} ${new URL(request.url ?? "/", "http://x").pathname}`);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    if (sessionCookie) headers.set("cookie", sessionCookie);
    if (host) headers.set("host", host);
    const hasBody = request.method !== "GET" && request.method !== "HEAD" && chunks.length > 0;
    const result = await app.fetch(
      new Request(`http://${request.headers.host}${request.url}`, {
        method: request.method ?? "GET",
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
      }),
    );
    const outgoing: Record<string, string> = {};
    result.headers.forEach((value, name) => {
      outgoing[name] = value;
    });
    response.writeHead(result.status, outgoing);
    response.end(Buffer.from(await result.arrayBuffer()));
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // "localhost" is the default site (127.0.0.1 is another one in the site registry).
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  page.happyDOM.setURL(`${origin}/`);

  return {
    origin,
    calls,
    /** Drops every connection from now on (true) or serves again (false). */
    setOffline(value: boolean) {
      offline = value;
    },
    /** Holds every answer until the returned function is called. */
    holdAnswers(): () => void {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    /**
     * Creates a member with a session and sends the page's calls with it from now on (the
     * previous member's session is no longer sent).
     */
    async signInNewMember(options: TestMemberOptions = {}) {
      const email = options.email ?? uniqueEmail();
      const password = options.password ?? "test member password";
      const db = await getReadyDb();
      const member = await createTestMember(db, { ...options, email, password });
      const token = generateSessionToken();
      await createSession(db, token, member.user.id);
      sessionCookie = `${SESSION_COOKIE}=${token}`;
      host = null;
      return { ...member, email, password };
    },
    /** Creates a member without signing them in (someone staff look at). */
    async createMember(options: TestMemberOptions = {}) {
      return createTestMember(await getReadyDb(), { email: uniqueEmail(), ...options });
    },
    /**
     * Creates a staff account of a role, signed out: the page's calls go to the staff origin's
     * host, with no cookie (to sign in through the console's form).
     */
    async createStaff(...args: Parameters<typeof createTestStaff>) {
      const staff = await createTestStaff(...args);
      sessionCookie = null;
      host = staffHost();
      return staff;
    },
    /**
     * Creates a staff account of a role with a session, and sends the page's calls with its
     * staff cookie, to the staff origin's host, from now on (design §13).
     */
    async signInNewStaff(...args: Parameters<typeof createTestStaff>) {
      const staff = await createTestStaff(...args);
      const { token } = await createStaffSession(await getReadyDb(), staff.id, null);
      sessionCookie = `${STAFF_COOKIE}=${token}`;
      host = staffHost();
      return staff;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
