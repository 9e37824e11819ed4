/**
 * Issue 23: the scale benchmark (bench/scale.ts) in its short form, on each
 * storage: bulk-demo at two sizes, every read and the invoice creation over
 * HTTP, each list's first page checked against count(*) and ORDER BY … OFFSET
 * over the whole table. Inside `npm test` the sizes are small (1,000 and
 * 4,000) and nothing is timed against a target; RELIABILITY=long (npm run
 * test:reliability) runs 10,000 and 100,000 invoices and prints the figures.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STORAGES } from '../support/server';
import { report as figures } from '../support/figures';
import { report, runScale } from '../../bench/scale';

const long = process.env.RELIABILITY === 'long';

test(`scale benchmark, short form (${long ? '10,000 and 100,000' : '500 and 2,000'} invoices) on ${STORAGES.join(' and ')}`, { timeout: long ? 3_600_000 : 600_000 }, async () => {
  const sizes = long ? [10_000, 100_000] : [500, 2_000];
  const lines: string[] = [];
  const [samples, create] = long ? [100, 200] : [5, 20];
  const runs = await runScale({ sizes, storages: STORAGES, samples, create, concurrency: 4, log: (s) => lines.push(s) });
  assert.equal(runs.length, sizes.length * STORAGES.length, lines.join('\n'));
  for (const run of runs) {
    // The API's reads, the receivables as of past days and the console's pages (bench/scale.ts), and the creation.
    const names = run.figures.map((f) => f.name);
    assert.equal(new Set(names).size, names.length, `${run.storage} ${run.invoices}: each figure once`);
    assert.equal(run.figures.length, 56, `${run.storage} ${run.invoices}: every figure measured: ${names.join(', ')}`);
    for (const f of run.figures) assert.ok(f.p50 > 0 && f.p99 >= f.p50, `${run.storage} ${run.invoices} ${f.name}: ${JSON.stringify(f)}`);
    assert.ok(run.figures.find((f) => f.name === 'invoice creation')!.rate! > 0);
  }
  const table = report(runs);
  assert.match(table, /ratio p99/);
  if (long) console.log(table);
  // Each read: 10 warm-ups, one checked against the plain query, then the samples; creation: 40 warm-ups, then the measured ones.
  figures('scale benchmark', { requests: runs.reduce((n, r) => n + (r.figures.length - 1) * (11 + samples) + 40 + create, 0), documents: runs.reduce((n, r) => n + r.invoices, 0) });
});
