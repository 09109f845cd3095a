import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { handlePaymentNotice } from "./crediting";
import type { PaymentProvider } from "./provider";
import { orders } from "./schema";

/**
 * One payment's notices being handled in this process: the call under way, and the one that
 * follows it for the notices that came meanwhile (at most one waits, whatever the burst).
 */
type Flight = { running: Promise<void>; next: Promise<void> | null };

const flights = new Map<string, Flight>();

function startFlight(paymentId: string, handle: () => Promise<void>): Promise<void> {
  const flight: Flight = { running: Promise.resolve(), next: null };
  flight.running = handle().finally(() => {
    if (flights.get(paymentId) === flight) flights.delete(paymentId);
  });
  flights.set(paymentId, flight);
  return flight.running;
}

/**
 * Runs `handle` for a payment's notice, joining a burst of notices for one payment into few calls.
 * A notice that comes while a call is under way may tell of a change that call did not see, so it
 * is not answered by it: it waits for the next call, which starts once this one is over and which
 * every notice arriving meanwhile shares. A burst of any size for one payment makes two calls.
 */
function handleCoalesced(paymentId: string, handle: () => Promise<void>): Promise<void> {
  const flight = flights.get(paymentId);
  if (!flight) return startFlight(paymentId, handle);
  flight.next ??= flight.running.then(
    () => startFlight(paymentId, handle),
    () => startFlight(paymentId, handle),
  );
  return flight.next;
}

/** Whether an order of ours has this payment of the current provider's. */
async function isOurPayment(db: Database, provider: string, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerRef, paymentId)))
    .limit(1);
  return row !== undefined;
}

/**
 * design §9: a notice at the payment webhook (`POST /api/payment-webhook.php`). The provider sends
 * notices only for payments we created, and stores an order's payment id before the payment can
 * change (the member pays at a checkout we have not shown yet; a repeat charge is asked about at
 * once after it is stored), so an id no order has is answered at once, with no call to the
 * provider: a flood of made-up ids costs one indexed read each. A known payment is asked of the
 * provider, a burst for one payment coalesced (handleCoalesced). A failure is thrown, so the
 * webhook answers 5xx and the provider sends the notice again.
 */
export async function receivePaymentNotice(
  db: Database,
  provider: PaymentProvider,
  paymentId: string,
): Promise<void> {
  if (!(await isOurPayment(db, provider.id, paymentId))) return;
  await handleCoalesced(paymentId, () => handlePaymentNotice(db, provider, paymentId));
}
