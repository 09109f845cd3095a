import { randomBytes } from "node:crypto";
import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in of Mollie's payments API (v2), for tests: Mollie cannot be reached from these
 * machines, and it is a boundary we do not own. It answers the documented request and response
 * shapes (docs.mollie.com, "Create payment", "Get payment", "Create payment refund", "Create
 * customer", "Create mandate", and its error objects) for what our provider calls, and lets a test play Mollie's side: a payment's
 * status, or its amount, changed as Mollie would report it; a refund made in Mollie's dashboard
 * or a chargeback, reported as Mollie does (the payment stays 'paid', with `amountRefunded`,
 * `amountRemaining`, `amountChargedBack` and `refunds` / `chargebacks` links).
 */
export type StandInPayment = {
  resource: "payment";
  id: string;
  mode: "test";
  createdAt: string;
  amount: { value: string; currency: string };
  description: string;
  method: string | null;
  metadata: unknown;
  status: string;
  isCancelable: boolean;
  profileId: string;
  sequenceType: "oneoff" | "first" | "recurring";
  customerId?: string;
  redirectUrl: string;
  webhookUrl?: string;
  locale?: string;
  /** Mollie gives these once something was refunded or charged back. */
  amountRefunded?: { value: string; currency: string };
  amountRemaining?: { value: string; currency: string };
  amountChargedBack?: { value: string; currency: string };
  _links: Record<string, { href: string; type: string }>;
};

/** Minor units as Mollie writes an amount (the stand-in's own, independent of ours). */
function mollieAmount(minor: number, currency: string) {
  return { value: (minor / 100).toFixed(2), currency };
}

function minorOf(amount: { value: string } | undefined): number {
  return amount ? Math.round(Number(amount.value) * 100) : 0;
}

/**
 * A throwaway self-signed pair for the stand-in on 127.0.0.1 (openssl req -x509, 100 years): it
 * protects nothing. Mollie's client speaks only HTTPS and trusts only its own bundle of public
 * CAs, so a test that uses the stand-in also switches certificate checks off for its own
 * process (mollie.test.ts).
 */
const TLS = {
  cert: `-----BEGIN CERTIFICATE-----
MIIBpjCCAUygAwIBAgIUIDMBNkfSFm6bdF+5fP9+ynONDhAwCgYIKoZIzj0EAwIw
HzEdMBsGA1UEAwwUbW9sbGllLXN0YW5kLWluLnRlc3QwIBcNMjYxMTIzMjEwMjEw
WhgPMjEyNjEwMzAyMTAyMTBaMB8xHTAbBgNVBAMMFG1vbGxpZS1zdGFuZC1pbi50
ZXN0MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEn/t2HVkx5MW8cioFnLPfmbxy
ANVuF5yHqQ1z9gt31Dk94IJPUNKMfpT8UHu1PN2uajp7atD+4Z+dE5JlZ8tw76Nk
MGIwHQYDVR0OBBYEFE5piadYW77mCVUmGk4rUw7QVyDcMB8GA1UdIwQYMBaAFE5p
iadYW77mCVUmGk4rUw7QVyDcMA8GA1UdEwEB/wQFMAMBAf8wDwYDVR0RBAgwBocE
fwAAATAKBggqhkjOPQQDAgNIADBFAiEAqUegAwUYkZkv92gk+BT1rwgqCfchK3I9
4Ok0DjnPkOMCIAwMSw59SJFqnKAntJwT+N2g4k70nJkIuAN9gm2ogbrh
-----END CERTIFICATE-----`,
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgKbgivTBYYTvR5OFv
hslx7xdO8dmNen+/Fian/7ndvEmhRANCAASf+3YdWTHkxbxyKgWcs9+ZvHIA1W4X
nIepDXP2C3fUOT3ggk9Q0ox+lPxQe7U83a5qOntq0P7hn50TkmVny3Dv
-----END PRIVATE KEY-----`,
};

/**
 * Starts the stand-in on 127.0.0.1 (`port`, or any free one), answering requests with `apiKey`.
 * Runs in a Vitest process (mollie.test.ts) or beside the built server (the smoke,
 * scripts/smoke-integrations.ts).
 */
export async function startMollieStandIn(apiKey: string, options: { port?: number } = {}) {
  const payments = new Map<string, StandInPayment>();
  /** Customers, and whether a paid first payment left them a valid mandate. */
  const customers = new Map<string, { email: string; mandate: boolean }>();
  /** Mandates made through "Create mandate" (the directdebit ones we collect ourselves). */
  const mandates = new Map<
    string,
    {
      customerId: string;
      method: string;
      consumerName: string;
      consumerAccount: string;
      signatureDate: string;
      mandateReference: string;
    }
  >();
  const refunds: { paymentId: string; amount: { value: string; currency: string } }[] = [];
  const server = createServer(TLS, (request, response) => {
    void handle(request, response).catch((error: unknown) => {
      send(response, 500, problem(500, "Internal Server Error", String(error)));
    });
  });
  let base = "";

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return send(
        response,
        401,
        problem(401, "Unauthorized Request", "Missing authentication, or failed to authenticate"),
      );
    }
    const url = new URL(request.url ?? "/", base);
    const body = await readJson(request);
    const refundPath = /^\/v2\/payments\/(tr_\w+)\/refunds$/.exec(url.pathname);
    const paymentPath = /^\/v2\/payments\/(tr_\w+)$/.exec(url.pathname);
    const mandatesPath = /^\/v2\/customers\/(cst_\w+)\/mandates$/.exec(url.pathname);
    if (request.method === "POST" && mandatesPath) {
      const customerId = mandatesPath[1] ?? "";
      const customer = customers.get(customerId);
      if (!customer) {
        return send(response, 404, problem(404, "Not Found", "No customer exists with this id."));
      }
      for (const field of ["consumerName", "consumerAccount", "method"]) {
        if (typeof body[field] !== "string" || !body[field]) {
          return send(response, 422, {
            ...problem(422, "Unprocessable Entity", `The ${field} is invalid`),
            field,
          });
        }
      }
      const id = `mdt_${randomBytes(5).toString("hex")}`;
      const mandate = {
        customerId,
        method: String(body.method),
        consumerName: String(body.consumerName),
        consumerAccount: String(body.consumerAccount),
        signatureDate: String(body.signatureDate ?? new Date().toISOString().slice(0, 10)),
        mandateReference: String(body.mandateReference ?? ""),
      };
      mandates.set(id, mandate);
      customer.mandate = true;
      return send(response, 201, {
        resource: "mandate",
        id,
        mode: "test",
        status: "valid",
        method: mandate.method,
        details: {
          consumerName: mandate.consumerName,
          consumerAccount: mandate.consumerAccount,
          consumerBic: null,
        },
        mandateReference: mandate.mandateReference,
        signatureDate: mandate.signatureDate,
        createdAt: new Date().toISOString(),
        _links: {
          self: {
            href: `${base}/v2/customers/${customerId}/mandates/${id}`,
            type: "application/hal+json",
          },
        },
      });
    }
    if (request.method === "POST" && url.pathname === "/v2/customers") {
      const id = `cst_${randomBytes(5).toString("hex")}`;
      customers.set(id, { email: String(body.email ?? ""), mandate: false });
      return send(response, 201, {
        resource: "customer",
        id,
        mode: "test",
        email: body.email ?? null,
        metadata: body.metadata ?? null,
        createdAt: new Date().toISOString(),
        _links: { self: { href: `${base}/v2/customers/${id}`, type: "application/hal+json" } },
      });
    }
    if (request.method === "POST" && url.pathname === "/v2/payments") {
      const sequenceType = (body.sequenceType ?? "oneoff") as StandInPayment["sequenceType"];
      const customerId = typeof body.customerId === "string" ? body.customerId : undefined;
      if (sequenceType !== "oneoff" && !customers.has(customerId ?? "")) {
        return send(response, 422, {
          ...problem(422, "Unprocessable Entity", "The customer id is invalid"),
          field: "customerId",
        });
      }
      if (sequenceType === "recurring" && !customers.get(customerId ?? "")?.mandate) {
        return send(
          response,
          422,
          problem(422, "Unprocessable Entity", "The customer does not have a suitable mandate"),
        );
      }
      const mandateId = typeof body.mandateId === "string" ? body.mandateId : undefined;
      if (mandateId && mandates.get(mandateId)?.customerId !== customerId) {
        return send(response, 422, {
          ...problem(422, "Unprocessable Entity", "The mandate id is invalid"),
          field: "mandateId",
        });
      }
      const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
      if (typeof amount?.value !== "string" || !/^\d+\.\d{2}$/.test(amount.value)) {
        return send(response, 422, {
          ...problem(422, "Unprocessable Entity", "The amount is invalid"),
          field: "amount.value",
        });
      }
      const id = `tr_${randomBytes(5).toString("hex")}`;
      const payment: StandInPayment = {
        resource: "payment",
        id,
        mode: "test",
        createdAt: new Date().toISOString(),
        amount: { value: amount.value, currency: String(amount.currency) },
        description: String(body.description),
        method:
          typeof body.method === "string"
            ? body.method
            : (mandates.get(mandateId ?? "")?.method ?? null),
        metadata: body.metadata ?? null,
        // A recurring payment is charged on the mandate: no checkout, pending at first.
        status: sequenceType === "recurring" ? "pending" : "open",
        isCancelable: false,
        profileId: "pfl_standin",
        sequenceType,
        customerId,
        redirectUrl: String(body.redirectUrl),
        webhookUrl: typeof body.webhookUrl === "string" ? body.webhookUrl : undefined,
        locale: typeof body.locale === "string" ? body.locale : undefined,
        _links: {
          self: { href: `${base}/v2/payments/${id}`, type: "application/hal+json" },
          checkout: { href: `${base}/checkout/select-method/${id}`, type: "text/html" },
          documentation: {
            href: "https://docs.mollie.com/reference/create-payment",
            type: "text/html",
          },
        },
      };
      if (sequenceType === "recurring") {
        const { checkout: _none, ...links } = payment._links;
        payment._links = links;
      }
      payments.set(id, payment);
      return send(response, 201, payment);
    }
    if (request.method === "GET" && paymentPath) {
      const payment = payments.get(paymentPath[1] ?? "");
      if (!payment)
        return send(
          response,
          404,
          problem(404, "Not Found", `No payment exists with token ${paymentPath[1]}.`),
        );
      const { checkout, ...links } = payment._links;
      // Mollie gives the checkout link only while the payment can still be paid.
      return send(response, 200, {
        ...payment,
        _links: payment.status === "open" && checkout ? { ...links, checkout } : links,
      });
    }
    if (request.method === "POST" && refundPath) {
      const payment = payments.get(refundPath[1] ?? "");
      if (payment?.status !== "paid")
        return send(
          response,
          422,
          problem(422, "Unprocessable Entity", "The payment cannot be refunded"),
        );
      const amount = body.amount as { value: string; currency: string };
      refunds.push({ paymentId: payment.id, amount });
      giveBack(payment, "refunds", minorOf(amount));
      return send(response, 201, {
        resource: "refund",
        id: `re_${randomBytes(5).toString("hex")}`,
        amount,
        status: "pending",
        createdAt: new Date().toISOString(),
        description: "",
        paymentId: payment.id,
        _links: { self: { href: `${base}${url.pathname}`, type: "application/hal+json" } },
      });
    }
    return send(response, 404, problem(404, "Not Found", "The resource could not be found"));
  }

  /** Mollie's bookkeeping of money given back on a payment: the amounts and the link to them. */
  function giveBack(payment: StandInPayment, kind: "refunds" | "chargebacks", minor: number) {
    const currency = payment.amount.currency;
    const field = kind === "refunds" ? "amountRefunded" : "amountChargedBack";
    payment[field] = mollieAmount(minorOf(payment[field]) + minor, currency);
    payment.amountRemaining = mollieAmount(
      Math.max(
        0,
        minorOf(payment.amount) -
          minorOf(payment.amountRefunded) -
          minorOf(payment.amountChargedBack),
      ),
      currency,
    );
    payment._links[kind] = {
      href: `${base}/v2/payments/${payment.id}/${kind}`,
      type: "application/hal+json",
    };
  }

  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The apiEndpoint to give the client: the stand-in's /v2/. */
    apiEndpoint: `${base}/v2/`,
    payments,
    refunds,
    customers,
    mandates,
    /** Mollie's side: the payment's status changes (paid at the bank, failed, expired…). */
    setStatus(id: string, status: string) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no payment ${id}`);
      payment.status = status;
      // A paid first payment leaves its customer a valid mandate.
      const customer = customers.get(payment.customerId ?? "");
      if (customer && payment.sequenceType === "first" && status === "paid")
        customer.mandate = true;
    },
    /** Mollie's side: a refund of `minor` units made in Mollie's dashboard, not through us. */
    refundInDashboard(id: string, minor: number) {
      const payment = payments.get(id);
      if (payment?.status !== "paid") throw new Error(`payment ${id} cannot be refunded`);
      giveBack(payment, "refunds", minor);
    },
    /** Mollie's side: the member's bank took `minor` units back (a chargeback). */
    chargeBack(id: string, minor: number) {
      const payment = payments.get(id);
      if (payment?.status !== "paid") throw new Error(`payment ${id} was not paid`);
      giveBack(payment, "chargebacks", minor);
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

function problem(status: number, title: string, detail: string) {
  return {
    status,
    title,
    detail,
    _links: {
      documentation: {
        href: "https://docs.mollie.com/overview/handling-errors",
        type: "text/html",
      },
    },
  };
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/hal+json" });
  response.end(JSON.stringify(body));
}
