import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import { connect, constants } from "node:http2";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttp2Front } from "./h2-front";

/** What the site saw of each request, and an event stream the test can watch close. */
const seen: { method?: string; url?: string; host?: string; cookie?: string; body: string }[] = [];
let streamClosed: Promise<void> = Promise.resolve();

const site = createServer(async (req: IncomingMessage, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  seen.push({
    method: req.method,
    url: req.url,
    host: req.headers.host,
    cookie: req.headers.cookie,
    body,
  });
  if (req.url === "/events") {
    streamClosed = new Promise((resolve) => res.on("close", () => resolve()));
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("data: hello\n\n");
    return;
  }
  res.setHeader("set-cookie", ["a=1; Path=/", "b=2; Path=/"]);
  res.writeHead(201, { "content-type": "text/plain", connection: "keep-alive" });
  res.end(`answer to ${req.method} ${req.url}`);
});
let front: Awaited<ReturnType<typeof startHttp2Front>>;

beforeAll(async () => {
  site.listen(0, "127.0.0.1");
  await once(site, "listening");
  front = await startHttp2Front(`http://127.0.0.1:${(site.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await front.close();
  site.close();
});

function h2Request(path: string, init: { method?: string; body?: string; cookie?: string } = {}) {
  const session = connect(front.origin, { rejectUnauthorized: false });
  const stream = session.request({
    [constants.HTTP2_HEADER_METHOD]: init.method ?? "GET",
    [constants.HTTP2_HEADER_PATH]: path,
    ...(init.cookie ? { cookie: init.cookie } : {}),
  });
  stream.end(init.body);
  return { session, stream };
}

describe("the bench's HTTP/2 front", () => {
  it("forwards a request with its body, Host and cookies, and answers with the site's", async () => {
    const { session, stream } = h2Request("/x?y=1", {
      method: "POST",
      body: "typed",
      cookie: "session=s",
    });
    const [headers] = (await once(stream, "response")) as [Record<string, string | string[]>];
    let text = "";
    for await (const chunk of stream) text += chunk;
    session.close();

    expect(headers[":status"]).toBe(201);
    expect(headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(headers.connection).toBeUndefined();
    expect(text).toBe("answer to POST /x?y=1");
    expect(seen.at(-1)).toEqual({
      method: "POST",
      url: "/x?y=1",
      host: new URL(front.origin).host,
      cookie: "session=s",
      body: "typed",
    });
  });

  it("streams an event stream, and closes it when the browser does", async () => {
    const { session, stream } = h2Request("/events");
    const [chunk] = await once(stream, "data");
    expect(String(chunk)).toBe("data: hello\n\n");
    stream.close();
    await streamClosed;
    session.close();
  });
});
