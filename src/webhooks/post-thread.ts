/**
 * The thread of a dispatcher's POSTs (./post.ts): runs each plan it is sent and answers its outcomes. A plan whose
 * run throws (a defect: a POST's own failures are outcomes) is answered with the error, and the dispatcher releases
 * its claim.
 */
import { parentPort } from 'node:worker_threads';
import { deliver, type FromPostThread, type ToPostThread } from './post';

const port = parentPort!;
port.on('message', (m: ToPostThread) => {
  deliver(m.plan).then(
    (outcomes) => port.postMessage({ id: m.id, outcomes } satisfies FromPostThread),
    (e) => port.postMessage({ id: m.id, error: String((e as Error)?.message ?? e) } satisfies FromPostThread),
  );
});
