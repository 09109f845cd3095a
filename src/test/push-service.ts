import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import tls from "node:tls";
import ece from "http_ece";
import { generate } from "selfsigned";

/** One push as the push service got it: its headers, the VAPID claims and the decrypted body. */
export type ReceivedPush = {
  subscription: number;
  headers: Record<string, string | undefined>;
  claims: { aud: string; exp: number; sub: string; k: string };
  payload: unknown;
};

/**
 * A push service of our own on 127.0.0.1 (issue 12: browsers' push services cannot be reached
 * from the test machines). It speaks what FCM and Mozilla's do: HTTPS, a POST per push to the
 * subscription's endpoint, a VAPID-signed request (RFC 8292) with an aes128gcm body (RFC 8291,
 * RFC 8188). It checks the signature with the key the request names, decrypts with the
 * "browser's" private key, and answers 201, or the status a test set for that subscription
 * (410: the browser unsubscribed). Its certificate is trusted in this process only.
 */
export async function startPushService() {
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    extensions: [
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  });
  tls.setDefaultCACertificates([...tls.getCACertificates("default"), pems.cert]);

  const browsers = new Map<number, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const statuses = new Map<number, number>();
  const received: ReceivedPush[] = [];
  const failures: string[] = [];

  const server = createServer({ key: pems.private, cert: pems.cert }, async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      const id = Number(request.url?.match(/^\/push\/(\d+)$/)?.[1]);
      const browser = browsers.get(id);
      if (request.method !== "POST" || !browser) throw new Error(`unknown ${request.url}`);
      const claims = checkVapid(request.headers.authorization ?? "", origin);
      const payload = ece.decrypt(Buffer.concat(chunks), {
        version: "aes128gcm",
        privateKey: browser.ecdh,
        authSecret: browser.auth,
      });
      received.push({
        subscription: id,
        headers: {
          ttl: request.headers.ttl as string | undefined,
          urgency: request.headers.urgency as string | undefined,
          topic: request.headers.topic as string | undefined,
          "content-encoding": request.headers["content-encoding"],
        },
        claims,
        payload: JSON.parse(payload.toString("utf8")),
      });
      response.writeHead(statuses.get(id) ?? 201).end();
    } catch (error) {
      failures.push((error as Error).message);
      response.writeHead(400).end();
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  let nextId = 1;

  return {
    origin,
    received,
    /** Requests it refused (a bad signature, an undecryptable body): none, in a good run. */
    failures,
    /** A new browser's subscription, as PushSubscription.toJSON() gives it. */
    subscribe() {
      const id = nextId++;
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16).toString("base64url");
      browsers.set(id, { ecdh, auth });
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth },
        },
      };
    },
    /** The push service answers this status for the subscription from now on. */
    answer(id: number, status: number) {
      statuses.set(id, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Checks `vapid t=<JWT>, k=<public key>` (RFC 8292): ES256 by that key, for this origin. */
function checkVapid(header: string, origin: string) {
  const match = header.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/);
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${header}`);
  const [head = "", body = "", signature = ""] = match[1].split(".");
  const point = Buffer.from(match[2], "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the VAPID signature does not verify");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud}, not ${origin}`);
  if (!(claims.exp * 1000 > Date.now())) throw new Error("VAPID token expired");
  return { ...claims, k: match[2] } as ReceivedPush["claims"];
}
