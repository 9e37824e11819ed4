/**
 * `npm run bench:serialize`: what letting the response schemas serialise the
 * answers costs or saves, against JSON.stringify (what Fastify does for a
 * route without a response schema), measured in the same run on the same
 * answers.
 *
 * The service runs in this process on a fresh embedded database; real answers
 * are taken over HTTP (a Colombian invoice, a page of 25, the same invoice with
 * its electronic stamp), then each is serialised BENCH_SERIALIZE_ROUNDS times
 * (default 20,000) by JSON.stringify and by fast-json-stringify compiled from
 * the route's response schema (src/openapi.ts answerSchemas, as Fastify
 * compiles it), alternating so that noise hits both. It prints microseconds per
 * answer and the ratio schema / JSON.stringify (below 1: the schema is faster),
 * and fails when the two outputs differ.
 */
import { performance } from 'node:perf_hooks';
import fastJson from 'fast-json-stringify';
import { loadConfig } from '../src/platform/config';
import { startServer } from '../src/server';
import { answerSchemas } from '../src/openapi';
import { DEMO_CREDENTIALS, ensureDemo } from '../src/companies/demo';
import { migrate, openDb } from '../src/platform/db';
import { BenchFailure, Client, expect, invoiceBody, round2, table, withPglite } from './common';

const ROUNDS = Number(process.env.BENCH_SERIALIZE_ROUNDS || 20000);

function time(fn: () => unknown): number {
  const t = performance.now();
  for (let i = 0; i < ROUNDS; i++) fn();
  return ((performance.now() - t) * 1000) / ROUNDS;
}

async function main() {
  const rows = await withPglite(async (env) => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', ...env });
    const db = await openDb(config);
    await migrate(db);
    await ensureDemo(db);
    const running = await startServer(config, db);
    const client = new Client(running.url, 4);
    try {
      client.token = expect(200, await client.json('POST', '/auth', DEMO_CREDENTIALS.co), 'POST /auth').access_token;
      const body = await invoiceBody(client);
      let invoice: any;
      for (let i = 0; i < 25; i++) invoice = expect(201, await client.json('POST', '/v1/invoices', body), 'POST /v1/invoices');
      const page = expect(200, await client.json('GET', '/v1/invoices?page_size=25'), 'GET /v1/invoices');
      const stamped = { ...invoice, stamp: { ...invoice.stamp, send: true, status: 'Accepted', cufe: 'f'.repeat(96) } };
      const cases: [string, string, string, unknown][] = [
        ['an invoice (POST answer)', 'POST', '/v1/invoices', invoice],
        ['the same, stamped', 'GET', '/v1/invoices/:id', stamped],
        ['a page of 25 invoices', 'GET', '/v1/invoices', page],
      ];
      return cases.map(([what, method, url, answer]) => {
        const [status, schema] = Object.entries(answerSchemas(method, url))[0];
        const bySchema = fastJson(schema as object);
        if (bySchema(answer) !== JSON.stringify(answer)) throw new BenchFailure(`${method} ${url} ${status}: the schema's output differs from JSON.stringify`);
        let plain = 0, schemaUs = 0;
        for (let r = 0; r < 3; r++) { plain += time(() => JSON.stringify(answer)); schemaUs += time(() => bySchema(answer)); }
        return [what, `${JSON.stringify(answer).length}`, `${round2(plain / 3)}`, `${round2(schemaUs / 3)}`, `${round2(schemaUs / plain)}`];
      });
    } finally {
      client.close();
      await running.close();
    }
  });
  console.log(`Serialising answers, ${ROUNDS} times each, 3 alternating rounds (µs per answer):\n`);
  console.log(table([['answer', 'bytes', 'JSON.stringify', 'response schema', 'ratio'], ...rows]));
}

main().catch((e) => { console.error(e instanceof BenchFailure ? e.message : e); process.exit(1); });
