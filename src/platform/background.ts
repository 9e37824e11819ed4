import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Work started inside `background.run(true, …)` (the outbox's poller, e-mail) yields to every other task of
 * the CPU pool (src/workers/pool.ts). Here, in the platform layer, so that the outbox needs no worker module.
 */
export const background = new AsyncLocalStorage<boolean>();
