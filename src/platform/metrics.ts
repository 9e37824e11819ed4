/**
 * The service's metrics in Prometheus' text format (prom-client), answered on GET /admin/v1/metrics with the
 * administration token: the process's own (CPU, memory, event-loop lag) and the queues that keep companies apart —
 * the worker pool's tasks waiting and how long they waited (src/workers/pool.ts), the logins' and reports' bounded
 * pools (src/platform/throttle.ts). One registry per process: every server of a test process shares it.
 */
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const metrics = new Registry();
collectDefaultMetrics({ register: metrics, prefix: 'facturas_' });

/** Tasks waiting for a worker thread, read when scraped. */
export function poolQueueGauge(read: () => number): void {
  new Gauge({ name: 'facturas_worker_queue_tasks', help: 'Tasks waiting for a worker thread (PDFs, signing, sealing, certificates)', registers: [metrics], collect() { this.set(read()); } });
}

/** How long tasks waited for a worker thread, by kind of work (the task's name up to its first dot). */
export const poolWait = new Histogram({
  name: 'facturas_worker_queue_wait_seconds', help: 'Time a task waited for a worker thread',
  labelNames: ['work'], buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [metrics],
});

/** Requests waiting in a bounded pool (logins' hashing, reports), read when scraped. */
export function boundedPoolGauge(pool: string, read: () => { waiting: number; running: number }): void {
  new Gauge({ name: `facturas_${pool}_waiting`, help: `Requests waiting for a place in the ${pool} pool`, registers: [metrics], collect() { this.set(read().waiting); } });
  new Gauge({ name: `facturas_${pool}_running`, help: `Requests running in the ${pool} pool`, registers: [metrics], collect() { this.set(read().running); } });
}
