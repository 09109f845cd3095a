import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in of Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded, HTTP basic auth; 201 with the message, or an error object): Twilio cannot be
 * reached from these machines, and it is a boundary we do not own. Used by sms.test.ts and by
 * the smoke of the built server (scripts/smoke-integrations.ts).
 */
export async function startTwilioStandIn(options: {
  accountSid: string;
  authToken: string;
  /** The port to listen on (127.0.0.1); any free one when left out. */
  port?: number;
}) {
  const { accountSid, authToken } = options;
  /** The form of every message taken (To, From, Body), in order. */
  const received: Record<string, string>[] = [];
  let failNext = false;
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    response.setHeader("content-type", "application/json");
    if (request.headers.authorization !== expected) {
      response
        .writeHead(401)
        .end(JSON.stringify({ code: 20003, message: "Authenticate", status: 401 }));
      return;
    }
    if (
      request.method !== "POST" ||
      request.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`
    ) {
      response
        .writeHead(404)
        .end(JSON.stringify({ code: 20404, message: "Not found", status: 404 }));
      return;
    }
    if (failNext) {
      failNext = false;
      response
        .writeHead(400)
        .end(JSON.stringify({ code: 21211, message: "The 'To' number is not valid", status: 400 }));
      return;
    }
    received.push(form);
    response.writeHead(201).end(
      JSON.stringify({
        sid: `SM${String(received.length).padStart(32, "0")}`,
        status: "queued",
        to: form.To,
        from: form.From,
        body: form.Body,
      }),
    );
  });
  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    /** The next message is refused as Twilio refuses a bad number (400, code 21211). */
    failOnce: () => {
      failNext = true;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
