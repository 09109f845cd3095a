/**
 * Issue 14's webhook budget, for bench/engine.ts: orders paid at the sandbox provider, then their
 * webhooks, first one at a time (each credits its order: the handling's latency), then 200 at
 * once for 50 orders (each order credited exactly once, which the bench checks and fails on).
 */
/** A line of the bench's table (bench/engine.ts's Measurement, without its optional fields). */
type Measurement = { name: string; rps: number; p50: number; p95: number; p99: number };

type OrderAnswer = { order: { id: number; checkout_url: string | null; state: string } };

/** An order of the smallest package by each member, paid at the sandbox: its payment id. */
async function paidOrders(
  base: string,
  cookies: string[],
): Promise<{ cookie: string; order: number; payment: string }[]> {
  const paid = [];
  for (const cookie of cookies) {
    const headers = { cookie, "content-type": "application/json", origin: base };
    const placed = await fetch(`${base}/api/order.php`, {
      method: "POST",
      headers,
      body: JSON.stringify({ package_id: 1, method: "visa", immediate_performance: true }),
    });
    if (placed.status !== 201) throw new Error(`order: ${placed.status} ${await placed.text()}`);
    const { order } = (await placed.json()) as OrderAnswer;
    const payment = order.checkout_url?.split("/").pop() ?? "";
    const outcome = await fetch(`${base}/api/sandbox/checkout.php`, {
      method: "POST",
      headers,
      body: JSON.stringify({ id: payment, outcome: "paid" }),
    });
    if (outcome.status !== 200) throw new Error(`sandbox: ${outcome.status}`);
    paid.push({ cookie, order: order.id, payment });
  }
  return paid;
}

function webhook(base: string, payment: string): Promise<Response> {
  return fetch(`${base}/api/payment-webhook.php`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ id: payment }).toString(),
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function measurement(name: string, latencies: number[], seconds: number): Measurement {
  const sorted = latencies.toSorted((a, b) => a - b);
  return {
    name,
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/** How many purchase rows each order has in its member's ledger: exactly one, or the bench fails. */
async function expectCreditedOnce(base: string, orders: { cookie: string; order: number }[]) {
  for (const { cookie, order } of orders) {
    const answer = await fetch(`${base}/api/transactions.php`, { headers: { cookie } });
    const { entries } = (await answer.json()) as {
      entries: { order_id: number | null; reason: string }[];
    };
    const rows = entries.filter((entry) => entry.reason === "purchase" && entry.order_id === order);
    if (rows.length !== 1) throw new Error(`order ${order} was credited ${rows.length} times`);
  }
}

export async function measureWebhooks(
  base: string,
  cookies: string[],
  label: string,
): Promise<Measurement[]> {
  const single = await paidOrders(base, cookies.slice(0, Math.min(100, cookies.length - 50)));
  const latencies: number[] = [];
  let started = performance.now();
  for (const { payment } of single) {
    const at = performance.now();
    const answer = await webhook(base, payment);
    if (answer.status !== 200) throw new Error(`webhook: ${answer.status}`);
    latencies.push(performance.now() - at);
  }
  const one = measurement(
    `${label}payment webhook, crediting (in turn, ${single.length} orders)`,
    latencies,
    (performance.now() - started) / 1000,
  );
  await expectCreditedOnce(base, single);

  // 200 webhooks for 50 orders, 50 in flight at a time, each order's four in no order.
  const burst = await paidOrders(base, cookies.slice(-50));
  const queue = Array.from({ length: 200 }, (_, index) => burst[index % 50]?.payment ?? "").sort(
    () => Math.random() - 0.5,
  );
  const burstLatencies: number[] = [];
  started = performance.now();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        const at = performance.now();
        const answer = await webhook(base, next);
        if (answer.status !== 200) throw new Error(`webhook: ${answer.status}`);
        burstLatencies.push(performance.now() - at);
      }
    }),
  );
  const many = measurement(
    `${label}200 concurrent webhooks for 50 orders (each credited once)`,
    burstLatencies,
    (performance.now() - started) / 1000,
  );
  await expectCreditedOnce(base, burst);
  return [one, many];
}
