/**
 * The worker pool (src/workers/pool.ts): results and errors come back as they
 * were, a task may ask the main thread, work a client waits for goes before
 * background work, a dead thread fails its tasks and is replaced; and the
 * real tasks give what the same code gives on the main thread.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { background, CpuPool } from '../../src/workers/pool';
import { runTask } from '../../src/workers/tasks';
import { generateTestCertificate } from '../../src/einvoice/certificates';
import { dianZip } from '../../src/countries/co/dian/soap';

const TEST_TASKS = path.join(__dirname, '..', 'support', 'pool-tasks.js');
/** The test pool runs test/support/pool-tasks.ts; its task names are not the service's. */
const run = (pool: CpuPool, name: string, arg: unknown, o = {}) => pool.run(name as any, arg as any, o) as Promise<any>;

test('results, bytes and errors come back as they were; a task may ask the main thread', async () => {
  const pool = new CpuPool(2, TEST_TASKS);
  try {
    assert.deepEqual(await run(pool, 'echo', { a: [1, 'dos', null], when: new Date(0) }), { a: [1, 'dos', null], when: new Date(0) });
    const bytes = await run(pool, 'bytes', 5000);
    assert.ok(bytes instanceof Uint8Array && bytes.length === 5000 && bytes.every((b: number) => b === 7));
    await assert.rejects(run(pool, 'fail', 'wrong password'), (e: any) => e.message === 'wrong password' && e.name === 'CertificateError' && e.code === 'wrong_password');
    assert.equal(await run(pool, 'ask', 20, { asks: { double: async (x: number) => 2 * x } }), 41);
    await assert.rejects(run(pool, 'ask', 20), /asked for double, which it was not given/);
  } finally {
    await pool.close();
  }
});

test('work a client waits for goes before background work; a task can be tied to one thread', async () => {
  const pool = new CpuPool(1, TEST_TASKS);
  try {
    await run(pool, 'echo', 'warm');
    const order: string[] = [];
    const later = [1, 2, 3, 4].map((i) => background.run(true, () => run(pool, 'spin', 100)).then(() => order.push(`background ${i}`)));
    const urgent = run(pool, 'spin', 1).then(() => order.push('urgent'));
    await Promise.all([...later, urgent]);
    // The thread had two tasks in hand when the urgent one came: it goes right after them.
    assert.deepEqual(order, ['background 1', 'background 2', 'urgent', 'background 3', 'background 4']);
  } finally {
    await pool.close();
  }
  const two = new CpuPool(2, TEST_TASKS);
  try {
    const threads = await Promise.all(Array.from({ length: 6 }, () => run(two, 'spin', 5, { affinity: 7 })));
    assert.equal(new Set(threads.map((t) => t.thread)).size, 1);
  } finally {
    await two.close();
  }
});

test('companies take turns: one company\'s backlog delays another\'s task by the tasks in hand plus one', async () => {
  const pool = new CpuPool(1, TEST_TASKS);
  try {
    await run(pool, 'echo', 'warm');
    const order: string[] = [];
    // Company 1 asks for 20 PDFs at once; then company 2 for one, and company 3 for two.
    const many = Array.from({ length: 20 }, (_, i) => run(pool, 'spin', 5, { tenant: 1 }).then(() => order.push(`1.${i + 1}`)));
    const two = run(pool, 'spin', 5, { tenant: 2 }).then(() => order.push('2.1'));
    const three = [1, 2].map((i) => run(pool, 'spin', 5, { tenant: 3 }).then(() => order.push(`3.${i}`)));
    await Promise.all([...many, two, ...three]);
    // The thread holds two of company 1's when the others come; then each company in turn.
    assert.deepEqual(order.slice(0, 7), ['1.1', '1.2', '1.3', '2.1', '3.1', '1.4', '3.2']);
    assert.equal(order.length, 23);
    assert.deepEqual(order.filter((x) => x.startsWith('1.')), Array.from({ length: 20 }, (_, i) => `1.${i + 1}`), 'each company\'s own in the order asked');
  } finally {
    await pool.close();
  }
});

test('a thread that dies fails its tasks and is replaced', async () => {
  const pool = new CpuPool(1, TEST_TASKS);
  try {
    await assert.rejects(run(pool, 'exit', null), /stopped \(exit code 3\)/);
    assert.equal(await run(pool, 'echo', 'still here'), 'still here');
  } finally {
    await pool.close();
  }
  await assert.rejects(run(pool, 'echo', 1), /closed/);
});

test('the service\'s tasks give on a thread what they give here', async () => {
  const pool = new CpuPool(1);
  try {
    const cert = generateTestCertificate({ commonName: 'Prueba S.A.S.', nit: '900373115', password: 'clave' });
    const opened = await pool.run('pkcs12.load', { p12: cert.p12Base64, password: 'clave' });
    assert.equal(opened.certPem, cert.certPem);
    await assert.rejects(pool.run('pkcs12.load', { p12: cert.p12Base64, password: 'otra' }), (e: any) => e.name === 'CertificateError' && e.code === 'wrong_password');
    const xml = '<Invoice>ñ</Invoice>';
    assert.equal(await pool.run('dian.zip', { entry: 'fv1.xml', xml }), dianZip('fv1.xml', xml));
    assert.equal(await runTask(undefined, 'dian.zip', { entry: 'fv1.xml', xml }), dianZip('fv1.xml', xml));
  } finally {
    await pool.close();
  }
});
