/**
 * Preloaded into the server under test (`node --import ./bench/loop-probe.mjs`): measures the
 * event loop's delay with `monitorEventLoopDelay` and answers the bench over the IPC channel,
 * so the product itself carries no measuring endpoint. Without an IPC channel it does nothing.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on("message", (message) => {
    if (message === "loop:reset") histogram.reset();
    if (message === "loop:report") {
      process.send?.({
        loop: { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 },
      });
    }
  });
  // The IPC channel must not keep a server that is told to stop alive.
  process.channel?.unref();
}
