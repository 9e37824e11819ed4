/**
 * The Finkok adapter (PAC_MODE=finkok) against a local fake of Finkok's SOAP
 * service that checks what the real one checks: invoices and payment receipts
 * stamped through it; a wrong password is a stamp error with the provider's
 * code; an answer lost on the way is recovered with `stamped` (never stamped
 * twice); a provider that hangs, faults or answers garbage leaves the
 * document Pending and retried, never a 500; cancellation through `cancel`
 * with the issuer's CSD and, while the receiver decides, `get_sat_status`. Both storages.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { eachStorage, startTestServer, type Storage, type TestServer } from '../support/server';
import { startFakeFinkok, type FakeFinkok } from '../support/fake-finkok';
import { MX_APP, mxToday } from '../support/mx';
import { generateTestCertificate, loadPkcs12 } from '../../src/einvoice/certificates';
import { SANDBOX_PROVIDER_RFC, SandboxPac } from '../../src/countries/mx/sat/provider';
import { sleep } from '../support/profile';

eachStorage('Finkok adapter (PAC_MODE=finkok)', (storage: Storage) => {
  const CUSTOMER = { rfc_id: 'XIA190128J61', branch_office: 0 };
  let s: TestServer;
  let fake: FakeFinkok;
  let ref: any;

  before(async () => {
    const made = generateTestCertificate({ commonName: 'Proveedor de prueba', nit: SANDBOX_PROVIDER_RFC, country: 'MX' });
    const own = loadPkcs12(made.p12Base64, made.password);
    fake = await startFakeFinkok(new SandboxPac(async () => own), { user: 'cuenta@empresa.example.mx', password: 'clave-finkok-1' });
    s = await startTestServer(storage, {
      PAC_MODE: 'finkok', PAC_URL: fake.url, PAC_USER: fake.user, PAC_PASSWORD: fake.password, PAC_TIMEOUT_MS: '800', DIAN_TIMEOUT_MS: '4000',
    });
    const all = s.as('mx').list;
    const [types, pays, users] = await Promise.all([all('/v1/document-types'), all('/v1/payment-types?document_type=FV'), all('/v1/users')]);
    ref = { type: Object.fromEntries(types.map((t) => [t.code, t])), seller: users.find((u) => u.active).id, pay: Object.fromEntries(pays.map((p) => [p.name, p])) };
  });
  after(async () => { await s?.close(); await fake?.close(); });

  const mx = () => s.as('mx');
  const invoice = (price: number, method: 'PUE' | 'PPD' = 'PUE') => mx().post('/v1/invoices', {
    document: { id: ref.type['FV-A'].id }, customer: CUSTOMER, seller: ref.seller, use: 'G03', items: [{ code: 'LAP14', quantity: 1, price }],
    payment: { method, conditions: method === 'PUE' ? { id: ref.pay.Contado.id, value: Math.round(price * 116) / 100, due_date: mxToday() }
      : { id: ref.pay['Por definir'].id, value: Math.round(price * 116) / 100, due_date: '2099-12-31' } },
    stamp: { send: true },
  }, MX_APP);
  /** Waits for the outbox's retries to settle the invoice's stamp. */
  async function settled(id: string, path = 'invoices'): Promise<any> {
    for (let i = 0; i < 150; i++) {
      const doc = (await mx().get(`/v1/${path}/${id}`)).body;
      if (doc.stamp.status !== 'Pending') return doc;
      await sleep(100);
    }
    throw new Error(`${path} ${id} is still Pending`);
  }

  test('invoices and payment receipts are stamped through Finkok; its stamp is kept', async () => {
    const res = await invoice(1000, 'PPD');
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
    const [row] = await s.db.query('SELECT stamp_authority, xml FROM invoices WHERE id = $1', [res.body.id]);
    assert.equal(row.stamp_authority, 'finkok');
    assert.match(row.xml, new RegExp(`UUID="${res.body.stamp.uuid}"`));
    const pay = await mx().post('/v1/payments', { document: { id: ref.type.P.id }, date: new Date(Date.now() - 1000).toISOString(), customer: CUSTOMER,
      payment_form: '03', amount: 1160, invoices: [{ id: res.body.id, amount: 1160 }], stamp: { send: true } }, MX_APP);
    assert.equal(pay.status, 201, JSON.stringify(pay.body));
    assert.equal(pay.body.stamp.status, 'Accepted', JSON.stringify(pay.body.stamp));
    assert.deepEqual(fake.problems, []);
  });

  test('a wrong password: Rejected with the provider\'s incidence', async () => {
    fake.password = 'otra-clave';
    try {
      const res = await invoice(100);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.body.stamp.status, 'Rejected');
      assert.match(res.body.stamp.errors, /^AUTH: /);
    } finally {
      fake.password = 'clave-finkok-1';
    }
  });

  test('the answer lost on the way: Pending, then the retry asks `stamped` and gets the one stamp', async () => {
    fake.mode = 'lose';
    const given = fake.stampsGiven;
    const calls = fake.calls.length;
    const res = await invoice(200);
    fake.mode = 'ok';
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.stamp.status, 'Pending');
    const doc = await settled(res.body.id);
    assert.equal(doc.stamp.status, 'Accepted', JSON.stringify(doc.stamp));
    assert.equal(fake.stampsGiven, given + 1, 'stamped once');
    assert.deepEqual(fake.calls.slice(calls).map((c) => c.op), ['stamp', 'stamped']);
  });

  for (const mode of ['hang', 'garbage', 'fault'] as const) {
    test(`a provider that ${mode === 'hang' ? 'hangs' : mode === 'fault' ? 'faults' : 'answers garbage'}: Pending and retried, never a 500`, async () => {
      fake.mode = mode;
      const res = await invoice(300);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.body.stamp.status, 'Pending');
      fake.mode = 'ok';
      const doc = await settled(res.body.id);
      assert.equal(doc.stamp.status, 'Accepted', JSON.stringify(doc.stamp));
    });
  }

  test('cancellation through cancel (the issuer\'s CSD) and get_sat_status while the receiver decides', async () => {
    const now = (await invoice(400)).body;
    const cancelled = await mx().post(`/v1/invoices/${now.id}/cancel`, { motive: '02' });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.cancellation.status, 'Cancelled');
    assert.deepEqual(fake.calls.filter((c) => c.op === 'cancel' && c.uuid === now.stamp.uuid).map((c) => c.taxpayer), ['EKU9003173C9']);

    const later = (await invoice(5000)).body;
    fake.waiting.add(later.stamp.uuid);
    const pending = await mx().post(`/v1/invoices/${later.id}/cancel`, { motive: '03' });
    assert.equal(pending.status, 202, JSON.stringify(pending.body));
    assert.equal(pending.body.cancellation.status, 'PendingAcceptance');
    fake.sat.set(later.stamp.uuid, 'Cancelado');
    const done = await mx().post(`/v1/invoices/${later.id}/cancel`, { motive: '03' });
    assert.equal(done.body.cancellation.status, 'Cancelled', JSON.stringify(done.body.cancellation));
    // Asked with the CFDI's own Total: 5000.00 + IVA 16 % = 5800.00.
    assert.deepEqual([...new Set(fake.calls.filter((c) => c.op === 'get_sat_status' && c.uuid === later.stamp.uuid).map((c) => c.total))], ['5800.00']);

    const refused = (await invoice(600)).body;
    fake.waiting.add(refused.stamp.uuid);
    await mx().post(`/v1/invoices/${refused.id}/cancel`, { motive: '02' });
    fake.sat.set(refused.stamp.uuid, 'Solicitud rechazada');
    const rejected = await mx().post(`/v1/invoices/${refused.id}/cancel`, { motive: '02' });
    assert.equal(rejected.body.cancellation.status, 'Rejected');
    assert.equal(rejected.body.annulled, false);
    assert.deepEqual(fake.problems, []);
  });

  test('cancel sends the CSD key encrypted with the account password (PKCS#8); a receipt\'s status is asked with its Total 0', async () => {
    const { encryptedKey } = await import('../../src/countries/mx/sat/finkok');
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = encryptedKey(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, 'clave-finkok-1');
    assert.match(pem, /^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    assert.throws(() => crypto.createPrivateKey({ key: pem, passphrase: 'otra' }));
    assert.equal(crypto.createPrivateKey({ key: pem, passphrase: 'clave-finkok-1' }).asymmetricKeyType, 'rsa');

    const inv = (await invoice(2000, 'PPD')).body;
    const pay = await mx().post('/v1/payments', { document: { id: ref.type.P.id }, date: new Date(Date.now() - 1000).toISOString(), customer: CUSTOMER,
      payment_form: '03', amount: 1000, invoices: [{ id: inv.id, amount: 1000 }], stamp: { send: true } }, MX_APP);
    assert.equal(pay.status, 201, JSON.stringify(pay.body));
    const receipt = await settled(pay.body.id, 'payments');
    assert.equal(receipt.stamp.status, 'Accepted', JSON.stringify(receipt.stamp));
    fake.waiting.add(receipt.stamp.uuid);
    const pending = await mx().post(`/v1/payments/${receipt.id}/cancel`, { motive: '02' });
    assert.equal(pending.body.cancellation.status, 'PendingAcceptance', JSON.stringify(pending.body.cancellation));
    fake.sat.set(receipt.stamp.uuid, 'Cancelado');
    const done = await mx().post(`/v1/payments/${receipt.id}/cancel`, { motive: '02' });
    assert.equal(done.body.cancellation.status, 'Cancelled', JSON.stringify(done.body.cancellation));
    // The receipt's CFDI has Total 0 (its 1,000.00 is in the complement): the fake finds it only so.
    assert.deepEqual([...new Set(fake.calls.filter((c) => c.op === 'get_sat_status' && c.uuid === receipt.stamp.uuid).map((c) => c.total))], ['0']);
    assert.deepEqual(fake.problems, []);
  });
});
