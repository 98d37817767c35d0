import { subscribe } from "node:diagnostics_channel";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";
import { summary } from "./harness";

/**
 * A bench backend's diagnostics (`BENCH_DIAG`, `MESSAGES_DIAG`): every 5 s it prints, under `label`, the
 * commands it ran, how busy its event loop was and the loop's delay p99, and p50 / p99 of each command phase and
 * of each push's delay from its event's recording.
 */
export const printDiagnostics = (app: FastifyInstance, label: string) => {
  const series = new Map<string, number[]>();
  const add = (name: string, value: number) => {
    const samples = series.get(name) ?? [];
    samples.push(value);
    series.set(name, samples);
  };
  let commands = 0;
  subscribe("el:command", (message) => {
    commands++;
    for (const [phase, ms] of Object.entries(message as Record<string, number>)) add(phase, ms);
  });
  app.pushes.on("push", (pushes: { event: string; recordedAt?: number }[]) => {
    const now = Date.now();
    for (const push of pushes) if (push.recordedAt !== undefined) add(`push:${push.event}`, now - push.recordedAt);
  });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let busy = performance.eventLoopUtilization();
  setInterval(() => {
    const utilization = performance.eventLoopUtilization(busy).utilization;
    busy = performance.eventLoopUtilization();
    const phases = [...series]
      .filter(([, samples]) => samples.length > 0)
      .map(([name, samples]) => {
        const { p50, p99 } = summary(samples);
        return `${name} ${p50.toFixed(1)}/${p99.toFixed(1)}`;
      })
      .join(" ");
    series.clear();
    console.log(
      `[${label}] ${commands} commands, loop ${(utilization * 100).toFixed(0)} % busy, delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms; ${phases}`,
    );
    commands = 0;
    delay.reset();
  }, 5000).unref();
};
