/**
 * Date-times as the SAT writes them (issue 33, point 9), on both storages: a payment receipt's `date` (FechaPago)
 * with an RFC 3339 offset is that instant; without one (`2026-11-26T13:56:18`) it is the company's local time
 * (America/Mexico_City, UTC−6 all year since 2022), and the CFDI writes FechaPago as it was given. A malformed
 * date-time is a 400 on `date` and writes nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, type Storage } from '../support/server';
import { mxSuite, stamped } from '../support/mx';
import { parseXml, satSelect } from '../../src/countries/mx/sat/chain';
import { instantOf } from '../../src/platform/dates';

test('instantOf: an offset is kept; without one, the wall-clock time of the zone', () => {
  assert.equal(instantOf('2026-11-26T13:56:18', 'America/Mexico_City').toISOString(), '2026-11-26T19:56:18.000Z');
  assert.equal(instantOf('2026-11-26T13:56:18-06:00', 'America/Mexico_City').toISOString(), '2026-11-26T19:56:18.000Z');
  assert.equal(instantOf('2026-11-26T13:56:18Z', 'America/Mexico_City').toISOString(), '2026-11-26T13:56:18.000Z');
  assert.equal(instantOf('2026-11-26T13:56:18.250', 'America/Bogota').toISOString(), '2026-11-26T18:56:18.250Z');
  // Tijuana keeps daylight saving time: UTC−7 in July, UTC−8 in November.
  assert.equal(instantOf('2026-07-01T12:00:00', 'America/Tijuana').toISOString(), '2026-07-01T19:00:00.000Z');
  assert.equal(instantOf('2026-11-26T12:00:00', 'America/Tijuana').toISOString(), '2026-11-26T20:00:00.000Z');
});

eachStorage('MX date-times with or without an offset', (storage: Storage) => {
  const t = mxSuite(storage);
  const mx = t.mx;
  const wallClock = (at: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(at).replace(' ', 'T');
  /**
   * A wall-clock time in Mexico City `minutes` ago (at most back to today's local midnight: the invoice it pays is
   * dated today), written without an offset (yyyy-MM-ddTHH:mm:ss).
   */
  const localAgo = (minutes: number) => {
    const [h, m] = wallClock(new Date()).slice(11, 16).split(':').map(Number);
    return wallClock(new Date(Date.now() - Math.min(minutes, h * 60 + m) * 60_000));
  };
  /** GEN001 1 × 1,000 + IVA 16 % = 1,160.00, PPD, stamped. */
  const invoice = () => t.ppdInvoice([{ code: 'GEN001', quantity: 1, price: 1000 }], 1160);
  const receipt = (invoiceId: string, date: string) => t.receipt(invoiceId, 100, { date });
  const fechaPago = async (id: string) => {
    const xml = Buffer.from((await mx().get(`/v1/payments/${id}/xml`)).body.base64, 'base64').toString('utf8');
    return (satSelect('//pago20:Pago', parseXml(xml) as unknown as Node) as unknown as Element[])[0].getAttribute('FechaPago');
  };

  test('FechaPago without an offset is the company\'s local time, and is written as given', async () => {
    const inv = await invoice();
    const local = localAgo(90);
    const res = await receipt(inv.id, local);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal((await stamped(t.s, 'payments', res.body)).stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
    // Mexico City is UTC−6: the instant is 6 hours later in UTC.
    assert.equal(res.body.paid_at, new Date(Date.parse(`${local}Z`) + 6 * 3600_000).toISOString());
    assert.equal(await fechaPago(res.body.id), local);
  });

  test('with an offset: that instant, written in the company\'s local time', async () => {
    const inv = await invoice();
    const local = localAgo(120);
    const utc = new Date(Date.parse(`${local}Z`) + 6 * 3600_000).toISOString();
    const res = await receipt(inv.id, utc);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.paid_at, utc);
    await stamped(t.s, 'payments', res.body);
    assert.equal(await fechaPago(res.body.id), local);
    const offset = await receipt(inv.id, `${local}-06:00`);
    assert.equal(offset.status, 201, JSON.stringify(offset.body));
    assert.equal(offset.body.paid_at, utc);
  });

  test('a malformed date-time is refused on `date`, nothing written', async () => {
    const inv = await invoice();
    const [{ n: before }] = await t.s.db.query('SELECT count(*)::int AS n FROM payments');
    for (const date of ['2026-11-26', '2026-13-01T10:00:00', '2026-11-26T25:00:00', '26/11/2026 10:00', '2026-11-26T10:00:00+25:00']) {
      const res = await receipt(inv.id, date);
      assert.deepEqual(problems(res), ['invalid_date@date'], date);
    }
    assert.match((await receipt(inv.id, '2026-11-26')).body.Errors[0].Message, /with an offset .* or without one/);
    // In the future, in local time: still refused.
    assert.deepEqual(problems(await receipt(inv.id, localAgo(-120))), ['invalid_date@date']);
    const [{ n: after }] = await t.s.db.query('SELECT count(*)::int AS n FROM payments');
    assert.equal(after, before);
  });
});
