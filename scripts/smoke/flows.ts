import { AwsClient } from "aws4fetch";
import sharp from "sharp";
import type {
  DirectDebitCodeSent,
  OrderAnswer,
  PackagesAnswer,
  TransactionsAnswer,
} from "../../src/contract/payments";
import type { OwnPhotos } from "../../src/contract/photos";
import type { UserResponse } from "../../src/contract/users";
import { directDebitMandate } from "../../src/test/api";
import type { startMollieStandIn } from "../../src/test/mollie-stand-in";
import { decodeQuotedPrintable, type startSmtpStandIn } from "../../src/test/smtp-stand-in";
import type { startTwilioStandIn } from "../../src/test/twilio-stand-in";
import { PUBLIC_ORIGIN } from "./built-server";
import { check, createSiteClient, waitFor } from "./site-client";

/**
 * The one real flow the smoke drives through each integration of the built server. Each takes
 * the server's URL and the stand-in it talks to, and answers one line saying what it proved.
 */

/** The free demo login that `npm start` seeds into an empty database (src/server/db/seed.ts). */
const DEMO = { email: "demo@example.com", password: "demo-password-1" };
/** How long a background job (mail, text) may take: the runner polls every 5 s. */
const JOB_WAIT_MS = 30_000;

type MollieStandIn = Awaited<ReturnType<typeof startMollieStandIn>>;
type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;
type TwilioStandIn = Awaited<ReturnType<typeof startTwilioStandIn>>;

/**
 * PAYMENT_PROVIDER=mollie: an order is paid at Mollie, Mollie calls the webhook it was given,
 * and the member is credited: balance, ledger row, premium.
 */
export async function buyCreditsThroughMollie(url: string, mollie: MollieStandIn) {
  const member = createSiteClient(url);
  await member.login(DEMO.email, DEMO.password);
  const before = (await member.call<UserResponse>("GET", "/api/user.php")).user;
  const offer = await member.call<PackagesAnswer>("GET", "/api/packages.php");
  const offered = offer.packages[0];
  check(offered, "no credit package offered");
  check(offer.methods.includes("creditcard"), `creditcard not offered: ${offer.methods}`);
  const { order } = await member.call<OrderAnswer>("POST", "/api/order.php", {
    body: { package_id: offered.id, method: "creditcard", immediate_performance: true },
    expect: 201,
  });
  const payment = [...mollie.payments.values()].find(
    (entry) => (entry.metadata as { order_id?: unknown } | null)?.order_id === order.id,
  );
  check(payment, `Mollie was not asked for a payment of order ${order.id}`);
  check(
    order.checkout_url?.endsWith(`/checkout/select-method/${payment.id}`),
    `the order's checkout is not Mollie's: ${order.checkout_url}`,
  );
  const webhook = `${PUBLIC_ORIGIN}/api/payment-webhook.php`;
  check(payment.webhookUrl === webhook, `Mollie was given the webhook ${payment.webhookUrl}`);

  // Mollie's side: the member pays, and Mollie posts the payment's id to the webhook it was given
  // (through the proxy that serves the public origin: here, straight to the server).
  mollie.setStatus(payment.id, "paid");
  const notice = await fetch(`${url}${new URL(webhook).pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ id: payment.id }),
    signal: AbortSignal.timeout(15_000),
  });
  check(notice.status === 200, `the webhook answered ${notice.status}: ${await notice.text()}`);

  const paid = await member.call<OrderAnswer>("GET", `/api/order.php?id=${order.id}`);
  check(paid.order.state === "completed", `the order is ${paid.order.state}, not completed`);
  const after = (await member.call<UserResponse>("GET", "/api/user.php")).user;
  check(
    after.credits === before.credits + offered.credits,
    `credits went from ${before.credits} to ${after.credits}, not up by ${offered.credits}`,
  );
  check(after.paid_user, "the member is not premium after paying");
  const ledger = await member.call<TransactionsAnswer>("GET", "/api/transactions.php");
  const entry = ledger.entries.find((row) => row.order_id === order.id);
  check(entry?.delta === offered.credits, `no ledger row of ${offered.credits} for the order`);
  return `order ${order.id} paid at Mollie (${payment.id}), webhook credited ${offered.credits} credits, ledger row, premium`;
}

/**
 * SMTP_URL: a password reset mailed by the site reaches the SMTP server, to the member, with a
 * link on the site's configured origin, and the link's token sets the new password.
 */
export async function mailPasswordReset(url: string, smtp: SmtpStandIn) {
  const visitor = createSiteClient(url);
  await visitor.call("POST", "/api/password-reset.php", { body: { email: DEMO.email } });
  const mail = await waitFor("the reset mail at the SMTP server", JOB_WAIT_MS, () =>
    smtp.received.find((message) => message.to.includes(DEMO.email)),
  );
  // Signed with DKIM_SELECTOR's key for the sender's domain (RFC 8058 §4, issue 29 item 14).
  const header = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const dkim = /^DKIM-Signature: (.+)$/im.exec(header)?.[1] ?? "";
  check(/\bd=amora\.example;/.test(dkim) && /\bs=smoke;/.test(dkim), `not DKIM-signed: ${dkim}`);
  const body = decodeQuotedPrintable(mail.raw);
  const link = new RegExp(`${PUBLIC_ORIGIN}/reset-password/do\\?token=([A-Za-z0-9_%-]+)`).exec(
    body,
  );
  check(link?.[1], `the mail has no reset link on ${PUBLIC_ORIGIN}`);
  const password = "smoke-password-2";
  await visitor.call("PUT", "/api/password-reset.php", {
    body: { token: decodeURIComponent(link[1]), password, password_repeat: password },
  });
  await createSiteClient(url).login(DEMO.email, password);
  return `reset mail to ${DEMO.email} received by SMTP, DKIM-signed, its ${PUBLIC_ORIGIN} link set a new password`;
}

/**
 * SMS_PROVIDER=twilio: a direct-debit code is texted through Twilio to the member's number, and
 * the texted code signs the mandate.
 */
export async function textDirectDebitCode(url: string, twilio: TwilioStandIn, from: string) {
  const member = createSiteClient(url);
  await member.login(DEMO.email, DEMO.password);
  // Direct debit is SEPA, in euro: the demo member moves to the Netherlands.
  await member.call("PUT", "/api/profile.php", {
    body: { step: 0, country: "nl", region: "NL-NH" },
  });
  const offer = await member.call<PackagesAnswer>("GET", "/api/packages.php");
  check(offer.methods.includes("sdd"), `direct debit not offered in nl: ${offer.methods}`);
  const sent = await member.call<DirectDebitCodeSent>("POST", "/api/directdebit.php", {
    body: directDebitMandate({ package_id: offer.packages[0]?.id, holder: "Sam de Vries" }),
    expect: 201,
  });
  const number = "+31634567890";
  const text = await waitFor("the code at Twilio", JOB_WAIT_MS, () =>
    twilio.received.find((form) => form.To === number),
  );
  check(text.From === from, `texted from ${text.From}, not ${from}`);
  const code = /\b(\d{6})\b/.exec(text.Body ?? "")?.[1];
  check(code, `the text has no 6-digit code: ${text.Body}`);
  const { order } = await member.call<OrderAnswer>("POST", "/api/directdebit-confirm.php", {
    body: { mandate: sent.mandate, otp: code },
    expect: 201,
  });
  return `code texted through Twilio to ${number}, it signed the mandate (order ${order.id} ${order.state})`;
}

/**
 * S3_BUCKET: a photo uploaded through the API is stored in the bucket, and the URL the API gives
 * the browser serves the stored file.
 */
export async function storePhotoInBucket(
  url: string,
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string },
) {
  const member = createSiteClient(url);
  await member.login(DEMO.email, DEMO.password);
  const before = await member.call<OwnPhotos>("GET", "/api/photos.php");
  const form = new FormData();
  form.append("photo", new Blob([await makePhoto()], { type: "image/jpeg" }), "smoke.jpg");
  const after = await member.call<OwnPhotos>("POST", "/api/photos.php", {
    body: form,
    expect: 201,
  });
  const photo = after.photos.find((entry) => !before.photos.some((old) => old.id === entry.id));
  check(photo, "the upload answered no new photo");
  const served = await fetch(new URL(photo.match, url), { signal: AbortSignal.timeout(15_000) });
  check(served.status === 200, `the photo's URL answered ${served.status}`);
  check(
    served.headers.get("content-type")?.startsWith("image/"),
    `the photo's URL served ${served.headers.get("content-type")}`,
  );
  const bytes = Buffer.from(await served.arrayBuffer());
  const key = new URL(photo.match, url).pathname.replace(/^\/media\//, "");
  const bucket = new AwsClient({
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    service: "s3",
    region: "us-east-1",
  });
  const stored = await bucket.fetch(`${s3.endpoint}/${s3.bucket}/${key}`);
  check(stored.status === 200, `the bucket has no object ${key} (${stored.status})`);
  check(
    Buffer.from(await stored.arrayBuffer()).equals(bytes),
    `the URL served other bytes than the bucket's ${key}`,
  );
  return `photo ${photo.id} uploaded, stored in bucket ${s3.bucket} as ${key}, served at its URL`;
}

/** A portrait-sized JPEG with some detail, as a phone camera would send. */
async function makePhoto(): Promise<Uint8Array<ArrayBuffer>> {
  const width = 900;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = (y * 255) / height;
    pixels[i + 2] = ((x ^ y) & 0xff) / 2;
  }
  // Copied out of the Buffer (whose memory may be a shared pool) for a Blob.
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}
