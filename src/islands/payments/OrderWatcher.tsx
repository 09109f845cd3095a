import { useEffect } from "react";
import type { OrderState } from "../../contract/payment-options";
import { api } from "../../lib/api-client";

type Props = { orderId: number; state: OrderState };

/** How often a pending payment is asked about again. */
const POLL_MS = 3000;

/**
 * issue 14: a pending payment's result page follows the payment: it asks the server (which asks
 * the provider) every few seconds, and shows the page anew once the state changed. Nothing to
 * see: the page's own text says it updates by itself.
 */
export default function OrderWatcher(props: Props) {
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const ask = async () => {
      try {
        const { order } = await api("GET /api/order.php", {
          query: { id: props.orderId },
          retries: 0,
        });
        if (order.state !== props.state) {
          window.location.reload();
          return;
        }
      } catch {
        // Asked again at the next tick: the provider or the network may be back by then.
      }
      if (!stopped) timer = setTimeout(ask, POLL_MS);
    };
    timer = setTimeout(ask, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [props.orderId, props.state]);
  return null;
}
