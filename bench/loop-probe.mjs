/**
 * Preloaded into the server under test (`node --import ./bench/loop-probe.mjs`): measures the
 * event loop's delay with `monitorEventLoopDelay` and answers the bench over the IPC channel,
 * so the product itself carries no measuring endpoint. Without an IPC channel it does nothing.
 * It also reports the CPU time the process has used, for the bench's cost of an answer.
 *
 * The histogram records the time between two of its timer's turns, so an idle loop shows the
 * timer's own interval (p99 10.35 ms at a resolution of 10 ms, on this machine): the delay is
 * what exceeds the interval, as @fastify/under-pressure computes it.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

const RESOLUTION_MS = 10;

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const delay = (nanoseconds) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);
  process.on("message", (message) => {
    if (message === "loop:reset") histogram.reset();
    if (message === "mem:report") {
      // Collected first (the server runs with --expose-gc under the bench), so what is left is
      // what is held: twice, a moment apart, as V8 sweeps and frees buffers' memory after a
      // collection returns (one collection read tens of megabytes still held).
      globalThis.gc?.();
      setTimeout(() => {
        globalThis.gc?.();
        process.send?.({ mem: process.memoryUsage() });
      }, 500);
    }
    if (message === "cpu:report") {
      // The whole process's CPU time (every thread: the embedded database's, zlib's and the
      // collector's among them) and the main thread's own, in microseconds.
      process.send?.({ cpu: { process: process.cpuUsage(), main: process.threadCpuUsage() } });
    }
    if (message === "loop:report") {
      process.send?.({
        loop: { p99: delay(histogram.percentile(99)), max: delay(histogram.max) },
      });
    }
  });
  // The IPC channel must not keep a server that is told to stop alive.
  process.channel?.unref();
}
