/**
 * Issue 8, part 3: bad input. Property-based fuzzing (fast-check) of every
 * POST and PUT route of both base addresses (login included) and of the query
 * parameters of every GET route: each case starts from a VALID body and
 * replaces, removes or adds one field at any depth with a hostile value, or
 * sends a raw body (invalid JSON, wrong Content-Type, empty, 1e309 …).
 * Every answer must be < 500, every 4xx must have the error body of
 * docs/api.md, and a string accepted in a creation must come back
 * byte for byte on GET. Amounts are also drawn at the edges of their ranges
 * (quantity × price, exchange rates up to 999,999,999): what would outgrow
 * the ledger must be a 400 on its field, what fits is stored to the cent.
 *
 * FUZZ_RUNS (default 12) is the number of mutated bodies per route and of
 * query strings per list; FUZZ_SEED replays a run.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { ARRAY_LOOKUPS, eachStorage, listUrl, records, startTestServer, type Reply, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, mainCustomer, rcRefs, type RcRefs } from '../support/vouchers';
import { appRoutes, errorShapeProblem, type RouteInfo } from '../support/routes';
import { DEMO_CREDENTIALS } from '../../src/companies/demo';
import { report } from '../support/figures';
import { MAX_AMOUNT, MAX_LINE_AMOUNT } from '../../src/ledger/limits';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 12));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
const MX_APP = { 'serviceapi-application-id': 'FuzzPOS' };
const mxToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());

// ---------------------------------------------------------------- hostile values
/** A number written as is into the JSON text (JSON.stringify cannot say 1e309 or -0). */
const raw = (text: string) => `@@RAW:${text}@@`;
const rawJson = (v: unknown) => JSON.stringify(v).replace(/"@@RAW:([^"@]*)@@"/g, '$1');

const HUGE = 'x'.repeat(100_000);
const deep = (levels: number, arr = false) => { let v: any = 1; for (let i = 0; i < levels; i++) v = arr ? [v] : { a: v }; return v; };
const TEXTS = ['', ' ', '  padded  ', 'NaN', 'Infinity', '-Infinity', '1e999', '-0', '0x10', "'; DROP TABLE invoices;--", "' OR '1'='1",
  '<script>alert(1)</script>', '🧾💸👩‍👩‍👧‍👦', 'עברית\u202Eabc\u202C', 'a\u0000b', '\u0000', '\ud800', 'x\udc00y', '\ufeffBOM', 'ñÑáé ü',
  'line\nbreak\ttab\r', '\\', '"quoted"', '%00%27', '${jndi:ldap://x}', '../../etc/passwd', '\u200b\u200d', '𝕏𝕐ℤ', 'ᄀᄁᄂ'];
const NUMBERS = [raw('1e309'), raw('-1e309'), raw('-0'), raw('1e-400'), raw('123456789012345678901234567890'), raw('0.1e1'),
  0, -1, 1.5, 0.001, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 1e21, 5e-324];

const textArb = fc.oneof(
  fc.constantFrom(...TEXTS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\ud800', '\udfff', '😀', 'a', '\u202e', '\u0301', '\uffff'), maxLength: 12 }),
);
const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: textArb, weight: 4 },
  { arbitrary: fc.constantFrom<unknown>(...NUMBERS), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, {}, [], [null], [[]], { '': 1 }, { __proto__: 1 }, { constructor: { prototype: 1 } }), weight: 2 },
  { arbitrary: fc.constantFrom<unknown>('HUGE_STRING', 'HUGE_ARRAY', 'DEEP_OBJECT', 'DEEP_ARRAY'), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);
/** Expands the symbolic huge values; `old` is the value being replaced (a huge array repeats its first element). */
function materialize(v: unknown, old: unknown): unknown {
  switch (v) {
    case 'HUGE_STRING': return HUGE;
    case 'HUGE_ARRAY': return Array(Array.isArray(old) && old.length ? 1000 : 20000).fill(Array.isArray(old) && old.length ? old[0] : 1);
    case 'DEEP_OBJECT': return deep(1000);
    case 'DEEP_ARRAY': return deep(1000, true);
  }
  return v;
}

type Path = (string | number)[];
function pathsOf(v: unknown, base: Path = []): Path[] {
  const out: Path[] = [base];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pathsOf(x, [...base, i])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...pathsOf(x, [...base, k]));
  return out;
}
const getAt = (v: any, p: Path) => p.reduce((x, k) => (x == null ? undefined : x[k]), v);
function setAt(root: any, p: Path, fn: (parent: any, key: string | number) => void): any {
  const copy = structuredClone(root);
  if (!p.length) return undefined;
  const parent = getAt(copy, p.slice(0, -1));
  fn(parent, p[p.length - 1]);
  return copy;
}

interface Mutation { op: 'replace' | 'delete' | 'extra' | 'text' | 'root'; pick: number; value: unknown; key: string }
const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom<Mutation['op']>('replace', 'replace', 'replace', 'delete', 'extra', 'text', 'text', 'root'),
  pick: fc.nat(),
  value: valueArb,
  key: fc.oneof(fc.constantFrom('id', 'extra', '__proto__', 'constructor', 'company_id', '', '😀', 'a\u0000'), fc.string({ maxLength: 10 })),
});

/** Applies a mutation; answers the body and a short description of the case (the mutated string, when one was put). */
function mutate(valid: any, m: Mutation): { body: unknown; what: string; text?: string } {
  const all = pathsOf(valid);
  const leaves = all.filter((p) => typeof getAt(valid, p) === 'string');
  const show = (v: unknown) => { const t = typeof v === 'string' ? JSON.stringify(v) : rawJson(v); return t && t.length > 80 ? `${t.slice(0, 80)}…(${t.length})` : t; };
  if (m.op === 'root' || (all.length === 1 && m.op !== 'extra')) {
    const v = materialize(m.value, valid);
    return { body: v, what: `root = ${show(v)}` };
  }
  if (m.op === 'text' && leaves.length) {
    const p = leaves[m.pick % leaves.length];
    const text = typeof m.value === 'string' && !m.value.startsWith('@@RAW') && !/^(HUGE|DEEP)_/.test(m.value) ? m.value : 'Ñandú 😀 \u202eRTL';
    return { body: setAt(valid, p, (o, k) => { o[k] = text; }), what: `${p.join('.')} = ${show(text)}`, text };
  }
  const containers = all.filter((p) => { const x = getAt(valid, p); return x && typeof x === 'object'; });
  if (m.op === 'extra') {
    const p = containers[m.pick % containers.length];
    const v = materialize(m.value, undefined);
    return { body: p.length ? setAt(valid, p, (o, k) => { const c = o[k]; if (Array.isArray(c)) c.push(v); else c[m.key] = v; })
      : (Array.isArray(valid) ? [...valid, v] : { ...valid, [m.key]: v }), what: `${p.join('.')}[+${JSON.stringify(m.key)}] = ${show(v)}` };
  }
  const inner = all.filter((p) => p.length);
  const p = inner[m.pick % inner.length];
  if (m.op === 'delete') return { body: setAt(valid, p, (o, k) => { if (Array.isArray(o)) o.splice(Number(k), 1); else delete o[k]; }), what: `delete ${p.join('.')}` };
  const v = materialize(m.value, getAt(valid, p));
  return { body: setAt(valid, p, (o, k) => { o[k] = v; }), what: `${p.join('.')} = ${show(v)}`, text: typeof v === 'string' && !v.startsWith('@@RAW') ? v : undefined };
}

/** encodeURIComponent, except that a lone surrogate becomes the bytes of its (invalid) UTF-8 form instead of a URIError. */
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const enc = (x: string) => x.split(LONE).map(encodeURIComponent).join('%ED%A0%80');

/** True when `text` is, exactly, one of the string values (at any depth) of `v`. */
function holds(v: unknown, text: string): boolean {
  if (typeof v === 'string') return v === text;
  if (Array.isArray(v)) return v.some((x) => holds(x, text));
  if (v && typeof v === 'object') return Object.values(v).some((x) => holds(x, text));
  return false;
}

const RAW_BODIES: { text?: string; type?: string; what: string }[] = [
  { what: 'no body, no content-type' },
  { text: '', type: 'application/json', what: 'empty JSON body' },
  { text: '{', type: 'application/json', what: 'truncated JSON' },
  { text: '{"a":1,}', type: 'application/json', what: 'trailing comma' },
  { text: "{'a':1}", type: 'application/json', what: 'single quotes' },
  { text: 'null', type: 'application/json', what: 'null' },
  { text: '[]', type: 'application/json', what: 'array' },
  { text: '"text"', type: 'application/json', what: 'string' },
  { text: '1e309', type: 'application/json', what: 'number 1e309' },
  { text: 'true', type: 'application/json', what: 'true' },
  { text: 'NaN', type: 'application/json', what: 'NaN' },
  { text: '\ufeff{}', type: 'application/json', what: 'BOM' },
  { text: '{"a":1}', type: 'text/plain', what: 'text/plain' },
  { text: 'a=1&b=2', type: 'application/x-www-form-urlencoded', what: 'form' },
  { text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', type: 'multipart/form-data; boundary=x', what: 'multipart' },
  { text: '<a/>', type: 'application/xml', what: 'xml' },
  { text: '{}', type: 'application/json; charset=latin1', what: 'charset latin1' },
  { text: '{}', type: 'application/jsonx', what: 'application/jsonx' },
  { text: '{}', type: 'application/json, text/plain', what: 'two content types' },
  { text: '{"a":"\\ud800"}', type: 'application/json', what: 'lone surrogate escape' },
  { text: '{"a":"\u0000"}', type: 'application/json', what: 'raw NUL in JSON' },
  { text: '\u00ff\u00fe', type: 'application/json', what: 'bytes that are not JSON' },
  { text: '['.repeat(1000) + ']'.repeat(1000), type: 'application/json', what: 'nesting 1000 arrays' },
  { text: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000), type: 'application/json', what: 'nesting 5000 objects' },
  { text: `{"a":"${'y'.repeat(3 * 1024 * 1024)}"}`, type: 'application/json', what: 'body over the limit' },
  { text: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}', type: 'application/json', what: 'prototype keys' },
];

// ---------------------------------------------------------------- the suite
eachStorage('fuzz', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let mx: any;
  let routes: RouteInfo[];
  const ids: Record<string, string | number> = {};
  let counter = 0;
  const stats = { cases: 0, fivexx: 0, accepted: 0, roundTrips: 0 };
  const failures: string[] = [];

  /** No failure since `before`; else the failures and the seed that replays them (FUZZ_SEED). */
  const noneSince = (before: number) => {
    const found = failures.slice(before);
    assert.deepEqual(found, [], `${found.length} failures (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} replays them): ${found.slice(0, 5).join('; ')}`);
  };

  /** A valid body for a route (fresh each call: unique codes and identifications), or undefined when the route takes none. */
  const validBody: Record<string, () => unknown> = {
    'co POST /auth': () => DEMO_CREDENTIALS.co,
    'mx POST /mx/auth': () => DEMO_CREDENTIALS.mx,
    'co POST /v1/customers': () => coCustomer(String(70_000_000 + ++counter)),
    'co PUT /v1/customers/:id': () => coCustomer(String(ids.coCustomerIdent)),
    'co POST /v1/products': () => coProduct(`FZ${++counter}`),
    'co PUT /v1/products/:id': () => coProduct(String(ids.coProductCode)),
    'co POST /v1/invoices': () => validInvoice(r),
    'co POST /v1/invoices/preview': () => validInvoice(r),
    'co PUT /v1/invoices/:id': () => validInvoice(r),
    'co POST /v1/invoices/:id/mail': () => ({ mail_to: 'tesoreria@cliente.example.co', copy_to: 'a@x.example.com;b@y.example.com' }),
    'co POST /v1/vouchers/:id/mail': () => ({ mail_to: 'tesoreria@cliente.example.co' }),
    'co POST /v1/customers/:id/statement/mail': () => ({ date_end: today(), mail_to: 'cartera@cliente.example.co' }),
    'mx POST /mx/v1/customers/:id/statement/mail': () => ({ copy_to: 'cuentas@cliente.example.mx' }),
    'mx POST /mx/v1/invoices/:id/mail': () => ({ copy_to: 'cuentas@cliente.example.mx' }),
    'co POST /v1/vouchers': () => debtPayment(v, mainCustomer(r), [{ due: ids.coDue as any, value: 1 }]),
    'mx POST /mx/v1/customers': () => mxCustomer(++counter),
    'mx PUT /mx/v1/customers/:id': () => mxCustomer(Number(ids.mxCustomerN)),
    'mx POST /mx/v1/products': () => mxProduct(`FZ${++counter}`),
    'mx PUT /mx/v1/products/:id': () => mxProduct(String(ids.mxProductCode)),
    'mx POST /mx/v1/invoices': () => mxInvoice(),
    'mx POST /mx/v1/invoices/preview': () => mxInvoice(),
    'co POST /v1/credit-notes': () => note('NC'),
    'co POST /v1/credit-notes/preview': () => note('NC'),
    'co POST /v1/credit-notes/:id/mail': () => ({ mail_to: 'tesoreria@cliente.example.co' }),
    'co POST /v1/debit-notes': () => note('ND'),
    'co POST /v1/debit-notes/preview': () => note('ND'),
    'co POST /v1/debit-notes/:id/mail': () => ({ copy_to: 'cartera@cliente.example.co' }),
    'mx POST /mx/v1/payments': () => mxPayment(),
    'mx POST /mx/v1/payments/preview': () => mxPayment(),
    'mx POST /mx/v1/payments/:id/mail': () => ({ mail_to: 'pagos@cliente.example.mx' }),
    'mx POST /mx/v1/credit-notes': () => mxCreditNote(),
    'mx POST /mx/v1/credit-notes/preview': () => mxCreditNote(),
    'mx POST /mx/v1/credit-notes/:id/mail': () => ({ copy_to: 'cuentas@cliente.example.mx' }),
    'co POST /v1/webhooks': () => ({ url: 'http://127.0.0.1:9/hooks', events: ['invoice.created', 'voucher.annulled'], description: 'ERP' }),
    'mx POST /mx/v1/webhooks': () => ({ url: 'http://127.0.0.1:9/hooks', events: ['*'], active: false }),
    'mx POST /mx/v1/invoices/:id/cancel': () => ({ motive: '02' }),
    'mx POST /mx/v1/payments/:id/cancel': () => ({ motive: '02' }),
    'mx POST /mx/v1/credit-notes/:id/cancel': () => ({ motive: '02' }),
    'mx POST /mx/v1/tickets': () => ({ payment_form: '01', branch: 'Caja 1', items: [{ code: 'LAP14', quantity: 1, price: 100 }] }),
    'mx POST /mx/v1/tickets/:id/pdf': () => ({ key: ids.ticketKey }),
    'mx POST /mx/v1/tickets/:id/self-invoice': () => ({ key: ids.ticketKey, rfc: 'MASO451221PM4', name: 'MARIA OLIVIA MARTINEZ SAGAZ', postal_code: '80290',
      tax_regime: '612', use: 'G03', email: 'olivia@correo.example.mx' }),
    'mx POST /mx/v1/tickets/global-invoice': () => ({ periodicity: '04', months: mxToday().slice(5, 7), year: Number(mxToday().slice(0, 4)) }),
    'co POST /v1/invoices/:id/invoice': () => ({ customer: mainCustomer(r) }),
  };
  /** One peso paid on a stamped PPD invoice, and one peso (plus IVA) credited against another one's balance. */
  const mxPayment = () => ({
    document: { id: mx.type.P.id }, date: new Date(Date.now() - 1000).toISOString(), customer: { rfc_id: 'XIA190128J61', branch_office: 0 },
    payment_form: '03', amount: 1, invoices: [{ id: ids.mxPpd, amount: 1 }], observations: 'Pago parcial',
  });
  const mxCreditNote = () => ({
    document: { id: mx.type.NC.id }, invoices: [{ id: ids.mxCredited }], payment_form: '17', items: [{ code: 'LAP14', quantity: 1, price: 1 }], observations: 'Bonificación',
  });
  /** A note of 1 peso on the credit invoice (a discount credited, or interest charged), paid back or paid in cash. */
  const note = (kind: 'NC' | 'ND') => ({
    document: { id: notes[kind].id }, date: today(), invoice: ids.creditInvoice, reason: kind === 'NC' ? 3 : 1, seller: r.seller.id,
    observations: 'Ajuste', items: [{ code: kind === 'NC' ? 'LIBRO01' : 'INTERES', quantity: 1, price: 1, taxes: [] }],
    // The credit note is settled on account: nothing of the credit invoice was collected, so nothing can be refunded.
    payments: [{ id: notes[`${kind}.${kind === 'NC' ? 'Credit' : 'Cash'}`].id, value: 1 }],
  });
  const notes: Record<string, any> = {};
  const coCustomer = (identification: string) => ({
    person_type: 'person', id_type: '13', identification, branch_office: 0, name: ['Ana Lucía', 'Pérez Ñáñez'],
    address: { address: 'Cra 7 # 71-21 Of. 502', city: { country_code: 'CO', state_code: '11', city_code: '11001' }, postal_code: '110231' },
    phones: [{ indicative: '57', number: '6012345678', extension: '12' }],
    contacts: [{ first_name: 'Ana María', last_name: 'Gómez', email: 'ana.gomez@rioclaro.example.co', phone: { number: '3001234567' } }],
    custom_fields: [{ key: 'segmento', value: 'mayorista' }],
  });
  const coProduct = (code: string) => ({ code, name: 'Café molido 500 g', taxes: [{ id: r.taxOf('IVA', 19).id }],
    prices: [{ position: 1, name: 'General', value: 18500.5 }], long_description: 'Café de origen, tostión media' });
  const homoclave = (n: number) => { const A = 'ABCDEFGHJKLMNPQRSTUVWXYZ'; return A[n % 24] + A[Math.floor(n / 24) % 24] + String(n % 10); };
  const mxCustomer = (n: number) => ({ person_type: 'company', identification: `FUZ010203${homoclave(n)}`, name: 'Servicios Demo del Norte',
    tax_regime: '601', address: { address: 'Av. Reforma 100', postal_code: '06600' } });
  const mxProduct = (code: string) => ({ code, name: 'Laptop 14 pulgadas', sat_product_key: '43211503', sat_unit_key: 'H87', taxes: [{ id: mx.tax('IVA', 16).id }], long_description: 'Equipo de cómputo' });
  const mxInvoice = () => ({
    document: { id: mx.type['FV-A'].id }, customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, seller: mx.seller.id, use: 'G03',
    items: [{ code: 'LAP14', quantity: 2, price: 1500, discount: 300 }],
    payment: { method: 'PUE', conditions: { id: mx.pay.Contado.id, value: 3132, due_date: mxToday() } },
  });

  const urlOf = (rt: RouteInfo) => rt.url.replace(/:(\w+)/g, (_, name) => encodeURIComponent(String(ids[`${rt.country} ${rt.path}`] ?? ids[`${rt.country} ${name}`] ?? '1')));
  const tokenOf = async (rt: RouteInfo) => (rt.path === '/auth' ? null : s.token(rt.country));

  function check(rt: RouteInfo, what: string, res: Reply) {
    stats.cases++;
    const where = `${rt.method} ${rt.url} [${what}]`;
    if (res.status >= 500) { stats.fivexx++; failures.push(`${where}: ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`); return; }
    if (res.status >= 400) {
      const bad = errorShapeProblem(res.status, res.body, res.headers);
      if (bad) failures.push(`${where}: ${res.status} error body: ${bad}`);
    }
  }

  before(async () => {
    s = await startTestServer(storage);
    await Promise.all([s.token('co'), s.token('mx')]); // before login fuzzing can lock the demo users
    [r, v] = await Promise.all([coRefs(s), rcRefs(s)]);
    const all = s.as('mx').list;
    const [types, taxes, pays, users] = await Promise.all([all('/v1/document-types'), all('/v1/taxes'), all('/v1/payment-types?document_type=FV'), all('/v1/users')]);
    mx = { type: Object.fromEntries(types.map((t) => [t.code, t])), tax: (type: string, pct: number) => taxes.find((t) => t.type === type && t.percentage === pct),
      pay: Object.fromEntries(pays.map((p) => [p.name, p])), seller: users.find((u) => u.active) };
    // POST /auth/revoke ends the very session the fuzzer sends everything with; test/http/logins.test.ts tests it.
    routes = appRoutes(s).filter((rt) => rt.path !== '/auth/revoke');

    // The records the :id routes work on, each created from the valid body (which checks those bodies are valid).
    const made = async (country: 'co' | 'mx', p: string, body: unknown, headers?: Record<string, string>) => {
      const res = await s.as(country).post(p, body, headers);
      assert.ok(res.status === 201 || res.status === 200, `${country} ${p}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const credit = await creditInvoice(s, r, { amount: 1_000_000 });
    ids.coDue = dueOf(credit) as any;
    ids.creditInvoice = credit.id;
    for (const kind of ['NC', 'ND']) {
      for (const t of await s.as('co').list(`/v1/document-types?type=${kind}`)) if (t.electronic_type === 'NoElectronic') notes[kind] = t;
      for (const p of await s.as('co').list(`/v1/payment-types?document_type=${kind}`)) notes[`${kind}.${p.type}`] = p;
    }
    for (const [kind, path] of [['NC', 'credit-notes'], ['ND', 'debit-notes']] as const) {
      const n = await made('co', `/v1/${path}`, note(kind));
      for (const p of ['', '/annul', '/stamp', '/xml', '/stamp/errors', '/mail', '/pdf']) ids[`co /v1/${path}/:id${p}`] = n.id;
    }
    const coCust = await made('co', '/v1/customers', validBody['co POST /v1/customers']());
    ids['co /v1/customers/:id'] = coCust.id; ids.coCustomerIdent = coCust.identification;
    ids['co /v1/customers/:id/statement/mail'] = coCust.id;
    const coProd = await made('co', '/v1/products', validBody['co POST /v1/products']());
    ids['co /v1/products/:id'] = coProd.id; ids.coProductCode = coProd.code;
    const coInv = await made('co', '/v1/invoices', validInvoice(r));
    for (const p of ['/v1/invoices/:id', '/v1/invoices/:id/annul', '/v1/invoices/:id/stamp', '/v1/invoices/:id/xml', '/v1/invoices/:id/stamp/errors', '/v1/invoices/:id/mail', '/v1/invoices/:id/pdf']) ids[`co ${p}`] = coInv.id;
    const electronic = await made('co', '/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id } }));
    ids['co /v1/invoices/:id/stamp'] = electronic.id;
    const voucher = await made('co', '/v1/vouchers', validBody['co POST /v1/vouchers']());
    for (const p of ['/v1/vouchers/:id', '/v1/vouchers/:id/annul', '/v1/vouchers/:id/mail', '/v1/vouchers/:id/pdf']) ids[`co ${p}`] = voucher.id;
    const mxCust = await made('mx', '/v1/customers', validBody['mx POST /mx/v1/customers']());
    ids['mx /v1/customers/:id'] = mxCust.id; ids.mxCustomerN = counter;
    ids['mx /v1/customers/:id/statement/mail'] = mxCust.id;
    const mxProd = await made('mx', '/v1/products', validBody['mx POST /mx/v1/products']());
    ids['mx /v1/products/:id'] = mxProd.id; ids.mxProductCode = mxProd.code;
    const mxInv = await made('mx', '/v1/invoices', mxInvoice(), MX_APP);
    for (const p of ['/v1/invoices/:id', '/v1/invoices/:id/annul', '/v1/invoices/:id/stamp', '/v1/invoices/:id/xml', '/v1/invoices/:id/stamp/errors', '/v1/invoices/:id/mail', '/v1/invoices/:id/pdf']) ids[`mx ${p}`] = mxInv.id;
    // Stamped Mexican invoices to pay and to credit (PPD), a receipt and a note to read, mail and cancel, and an invoice to cancel.
    const stamped = async (method: 'PUE' | 'PPD') => made('mx', '/v1/invoices', {
      ...mxInvoice(), items: [{ code: 'LAP14', quantity: 100, price: 15000 }], stamp: { send: true },
      payment: method === 'PUE' ? { method, conditions: { id: mx.pay.Contado.id, value: 1_740_000, due_date: mxToday() } }
        : { method, conditions: { id: mx.pay['Por definir'].id, value: 1_740_000, due_date: '2099-12-31' } },
    }, MX_APP);
    ids.mxPpd = (await stamped('PPD')).id;
    ids.mxCredited = (await stamped('PPD')).id;
    ids['mx /v1/invoices/:id/cancel'] = (await stamped('PUE')).id;
    const pay = await made('mx', '/v1/payments', { ...mxPayment(), stamp: { send: true } });
    for (const p of ['', '/annul', '/stamp', '/xml', '/stamp/errors', '/mail', '/pdf', '/cancel']) ids[`mx /v1/payments/:id${p}`] = pay.id;
    const ticket = await made('mx', '/v1/tickets', validBody['mx POST /mx/v1/tickets']());
    ids.ticketKey = ticket.self_invoice.key;
    for (const p of ['', '/pdf', '/self-invoice']) ids[`mx /v1/tickets/:id${p}`] = ticket.id;
    // A Colombian POS ticket accepted by the DIAN, which a buyer may turn into an invoice.
    const { customer: _none, ...pos } = validInvoice(r, { document: { id: r.type.POS.id }, stamp: { send: true },
      pos: { cash_register: { plate: 'CAJA-1', type: 'Caja principal' }, location: 'Local 1', cashier: 'Ana', sale_code: 'V-1' } });
    ids['co /v1/invoices/:id/invoice'] = (await made('co', '/v1/invoices', pos)).id;
    const mxNote = await made('mx', '/v1/credit-notes', { ...mxCreditNote(), stamp: { send: true } });
    for (const p of ['', '/annul', '/stamp', '/xml', '/stamp/errors', '/mail', '/pdf', '/cancel']) ids[`mx /v1/credit-notes/:id${p}`] = mxNote.id;
    for (const c of ['co', 'mx'] as const) {
      const [dt] = await s.as(c).list('/v1/document-types?type=FV');
      ids[`${c} id`] = dt.id;
    }
    ids['mx /v1/uses/:code'] = 'G03';
    for (const rt of routes) {
      if (rt.method !== 'GET' || !rt.params.length || ids[`${rt.country} ${rt.path}`] !== undefined) continue;
      const list = await s.as(rt.country).get(listUrl(rt.path.replace(/\/:\w+$/, '')));
      if (list.status === 200 && records(list.body)[0]?.id !== undefined) ids[`${rt.country} ${rt.path}`] = records(list.body)[0].id;
    }
  });
  after(async () => {
    const msg = `fuzz [${storage}]: ${stats.cases} cases tried, ${stats.fivexx} answers 5xx, ${stats.accepted} accepted creations, ${stats.roundTrips} strings read back (FUZZ_RUNS=${RUNS}, FUZZ_SEED=${SEED})`;
    console.log(msg);
    report(`fuzz [${storage}]`, { requests: stats.cases, fuzzCases: stats.cases, serverErrors: stats.fivexx, anomalies: failures.length - stats.fivexx, documents: stats.roundTrips });
    await s.close();
  });

  test('every POST and PUT route has a valid body to start from', () => {
    const writes = routes.filter((rt) => rt.method === 'POST' || rt.method === 'PUT');
    assert.ok(writes.length >= 15, `only ${writes.length} write routes found`);
    const missing = writes.filter((rt) => rt.body && !validBody[`${rt.country} ${rt.method} ${rt.url}`]);
    assert.deepEqual(missing.map((rt) => `${rt.method} ${rt.url}`), [], 'add a valid body for these routes to fuzz.test.ts');
  });

  test('mutated bodies on every POST and PUT route: < 500, error body, strings read back', async (t) => {
    const before = failures.length;
    for (const rt of routes.filter((x) => x.method === 'POST' || x.method === 'PUT')) {
      const make = validBody[`${rt.country} ${rt.method} ${rt.url}`] ?? (() => ({}));
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(rt.country === 'mx' ? MX_APP : {}) };
      await fc.assert(fc.asyncProperty(mutationArb, async (m) => {
        const { body, what, text } = mutate(make(), m);
        const res = await s.call(rt.method, urlOf(rt), { token: await tokenOf(rt), raw: body === undefined ? undefined : rawJson(body), headers });
        check(rt, what, res);
        const readable = rt.path !== '/auth' && !rt.path.endsWith('/preview') && (rt.method === 'PUT' || !rt.params.length);
        if (res.status < 300 && readable) {
          stats.accepted++;
          if (text !== undefined && text.length > 0 && res.body?.id !== undefined) {
            const got = await s.call('GET', `${rt.url.replace(/\/:id$/, '')}/${res.body.id}`, { token: await tokenOf(rt) });
            stats.roundTrips++;
            if (got.status !== 200) failures.push(`${rt.method} ${rt.url} [${what}]: accepted but GET answers ${got.status}`);
            else if (!holds(got.body, text)) failures.push(`${rt.method} ${rt.url} [${what}]: string not read back byte for byte: sent ${JSON.stringify(text)}`);
          }
        }
      }), { numRuns: RUNS, seed: SEED, endOnFailure: true });
    }
    t.diagnostic(`${stats.cases} cases so far`);
    noneSince(before);
  });

  test('raw bodies on every POST and PUT route: invalid JSON, wrong content type, empty, over the limit', async () => {
    const before = failures.length;
    for (const rt of routes.filter((x) => x.method === 'POST' || x.method === 'PUT')) {
      for (const b of RAW_BODIES) {
        const headers: Record<string, string> = { ...(b.type ? { 'content-type': b.type } : {}), ...(rt.country === 'mx' ? MX_APP : {}) };
        check(rt, b.what, await s.call(rt.method, urlOf(rt), { token: await tokenOf(rt), raw: b.text, headers }));
      }
    }
    noneSince(before);
  });

  test('query strings of every GET route and hostile path ids', async () => {
    const before = failures.length;
    const qvalue = fc.oneof(textArb, fc.constantFrom('1e309', '-0', '0', '-1', '1.5', '2147483648', '99999999999999999999', 'NaN', 'Infinity', 'true', 'null',
      '2024-02-30', '9999-12-31', '0000-01-01', "'; DROP TABLE invoices;--", HUGE.slice(0, 5000)));
    const queryArb = fc.array(fc.tuple(fc.oneof(fc.constantFrom('page', 'page_size', 'date_start', 'date_end', 'type', 'code', 'name', 'identification'), fc.string({ maxLength: 8 })), qvalue), { maxLength: 5 });
    for (const rt of routes.filter((x) => x.method === 'GET')) {
      const names = rt.query.map((q) => q.name);
      await fc.assert(fc.asyncProperty(queryArb, fc.array(fc.constantFrom(...(names.length ? names : ['page'])), { maxLength: 3 }), qvalue, async (pairs, documented, val) => {
        const qs = [...pairs, ...documented.map((n) => [n, val] as [string, string])].map(([k, x]) => `${enc(k)}=${enc(x)}`).join('&');
        const res = await s.call('GET', `${urlOf(rt)}?${qs}`, { token: await tokenOf(rt) });
        check(rt, `?${qs.slice(0, 120)}`, res);
        // A page of records: `results`, except the receivables report, whose page holds `customers` (README, Reports).
        const page = rt.url.endsWith('/reports/accounts-receivable') ? res.body?.customers : res.body?.results;
        if (res.status === 200 && !rt.params.length && rt.query.some((q) => q.name === 'page') && !(Array.isArray(page) && res.body?.pagination)) failures.push(`GET ${rt.url}?${qs}: no page of records`);
        if (res.status === 200 && ARRAY_LOOKUPS.includes(rt.path) && !Array.isArray(res.body)) failures.push(`GET ${rt.url}?${qs}: not a plain array`);
      }), { numRuns: RUNS, seed: SEED });
      if (rt.params.length) {
        for (const bad of ['0', '-1', '1.5', '1e309', '2147483648', '99999999999999999999', 'abc', '%00', '%F0%9F%98%80', '00000000-0000-0000-0000-000000000000',
          'ffffffff-ffff-ffff-ffff-ffffffffffff', "'%3B%20DROP%20TABLE%20invoices%3B--", 'x'.repeat(5000), '%ud800', '%C0%80', 'null', 'NaN']) {
          check(rt, `:param=${bad.slice(0, 30)}`, await s.call('GET', rt.url.replace(/:\w+/g, bad), { token: await tokenOf(rt) }));
        }
      }
    }
    for (const rt of routes.filter((x) => x.method !== 'GET' && x.params.length)) {
      for (const bad of ['0', 'abc', '%00', '1e309', '00000000-0000-0000-0000-000000000000', 'x'.repeat(5000)]) {
        check(rt, `:param=${bad.slice(0, 30)}`, await s.call(rt.method, rt.url.replace(/:\w+/g, bad), { token: await tokenOf(rt), body: rt.country === 'mx' ? mxInvoice() : validInvoice(r), headers: rt.country === 'mx' ? MX_APP : {} }));
      }
    }
    noneSince(before);
  });

  test('hostile headers: tokens, Partner-Id, Idempotency-Key, Application-Id', async () => {
    const before = failures.length;
    const rt = routes.find((x) => x.method === 'POST' && x.url === '/v1/invoices')!;
    const mxRt = routes.find((x) => x.method === 'POST' && x.url === '/mx/v1/invoices')!;
    const tok = await s.token('co');
    const cases: [RouteInfo, Record<string, string>][] = [];
    for (const auth of ['Bearer', 'Bearer ', `Bearer ${tok}x`, `bearer ${tok}`, 'Basic abc', `Bearer ${'a'.repeat(10000)}`, "Bearer ' OR 1=1--", 'Bearer \u00ff'])
      cases.push([rt, { authorization: auth }]);
    for (const [k, x] of [['partner-id', 'ab'], ['partner-id', "'; DROP"], ['partner-id', 'x'.repeat(200)], ['idempotency-key', ''], ['idempotency-key', 'ñ'],
      ['idempotency-key', 'x'.repeat(65)], ['idempotency-key', "'; DROP TABLE invoices;--"], ['idempotency-key', `fz-${counter}`]])
      cases.push([rt, { authorization: `Bearer ${tok}`, [k]: x }]);
    for (const app of ['', ' ', 'x', 'x'.repeat(5000), "'; DROP TABLE invoices;--", '\u00ff\u00fe'])
      cases.push([mxRt, { authorization: `Bearer ${await s.token('mx')}`, 'serviceapi-application-id': app }]);
    for (const [route, headers] of cases) {
      const body = route === mxRt ? mxInvoice() : validInvoice(r);
      try {
        const res = await fetch(s.url + route.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
        const text = await res.text();
        let parsed: any = text; try { parsed = JSON.parse(text); } catch { /* not JSON */ }
        check(route, JSON.stringify(headers).slice(0, 100), { status: res.status, body: parsed, headers: res.headers });
      } catch (e) {
        // fetch itself refuses some header values (not sendable): not the server's answer
        if (!(e instanceof TypeError)) throw e;
      }
    }
    noneSince(before);
  });

  test('amounts at the edges of every range: products and conversions that outgrow the ledger are 400 on their field, the rest stored to the cent', async (t) => {
    const before = failures.length;
    const seen = { refused: 0, stored: 0 };
    const coRoute = routes.find((x) => x.method === 'POST' && x.url === '/v1/invoices')!;
    const rcRoute = routes.find((x) => x.method === 'POST' && x.url === '/v1/vouchers')!;
    const mxRoute = routes.find((x) => x.method === 'POST' && x.url === '/mx/v1/invoices')!;
    const expectAnswer = (rt: RouteInfo, what: string, res: Reply, refusals: string[]) => {
      check(rt, what, res);
      const got = (res.body?.Errors ?? []).map((e: any) => `${e.Code}@${e.Params.join(',')}`).sort();
      if (refusals.length ? res.status !== 400 || JSON.stringify(got) !== JSON.stringify([...refusals].sort()) : res.status !== 201) {
        failures.push(`${rt.method} ${rt.url} [${what}]: expected ${refusals.length ? `400 ${refusals.join(' ')}` : '201'}, got ${res.status} ${got.join(' ')}`);
        return false;
      }
      seen[res.status === 201 ? 'stored' : 'refused']++;
      return res.status === 201;
    };
    const pesosOf = async (id: string, account: string) => (await s.db.query(
      `SELECT coalesce(sum(l.debit + l.credit), 0)::numeric(20, 2)::text AS v FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.source_id = $1 AND l.account_code LIKE $2 || '%'`, [id, account]))[0].v;
    const round2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    // Cents up to the largest line amount, weighted towards the edges.
    const amount = fc.oneof(
      { arbitrary: fc.constantFrom(0.01, 1, 2, 3.33, 50000000000, 50000000000.01, 99999999999.98, 99999999999.99), weight: 2 },
      { arbitrary: fc.integer({ min: 1, max: 9999999999999 }).map((c) => c / 100), weight: 2 },
      { arbitrary: fc.integer({ min: 1, max: 9999999 }).map((c) => c / 100), weight: 1 },
    );
    const rate = fc.oneof(
      fc.constantFrom(1, 4000.5, 9999.999999, 10000, 100000000.000001, 999999999),
      fc.integer({ min: 1000000, max: 999999999000000 }).map((x) => x / 1e6),
    ).filter((x) => new Decimal(x).decimalPlaces() <= 6);

    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(amount, amount), { minLength: 1, maxLength: 3 }), fc.option(rate, { nil: undefined }), amount, async (lines, usd, advance) => {
      // CO invoice: untaxed lines (LIBRO01), paid in cash in payments of at most the largest payment value.
      const gross = lines.map(([q, p]) => new Decimal(q).times(p));
      const lineRefusals = gross.flatMap((g, i) => (g.gt(MAX_LINE_AMOUNT) ? [`invalid_value@items[${i}].price`] : []));
      const payable = lineRefusals.length ? new Decimal(1) : gross.reduce((t, g) => t.plus(round2(g)), new Decimal(0));
      const payments: number[] = [];
      for (let left = payable; left.gt(0); left = left.minus(MAX_LINE_AMOUNT)) payments.push(Decimal.min(left, MAX_LINE_AMOUNT).toNumber());
      const rateOf = new Decimal(usd ?? 1);
      const cash = payments.reduce((t, v) => t.plus(round2(new Decimal(v).times(rateOf))), new Decimal(0));
      const refusals = lineRefusals.length ? lineRefusals : cash.gt(MAX_AMOUNT) ? ['invalid_value@currency.exchange_rate'] : [];
      const body = validInvoice(r, {
        items: lines.map(([quantity, price]) => ({ code: 'LIBRO01', quantity, price, taxes: [] })),
        payments: (payments.length ? payments : [0]).map((value) => ({ id: r.pay.Cash.id, value })),
        ...(usd === undefined ? {} : { currency: { code: 'USD', exchange_rate: usd } }),
      });
      const what = `${lines.map(([q, p]) => `${q} × ${p}`).join(' + ')}${usd === undefined ? '' : ` USD at ${usd}`}`;
      const res = await s.as('co').post('/v1/invoices', body);
      if (expectAnswer(coRoute, what, res, refusals)) {
        stats.accepted++;
        const stored = await pesosOf(res.body.id, '11050501');
        if (stored !== cash.toFixed(2)) failures.push(`POST /v1/invoices [${what}]: cash posted ${stored}, by hand ${cash.toFixed(2)}`);
      }

      // AdvancePayment voucher of `advance`, in USD when a rate was drawn.
      const pesos = round2(new Decimal(advance).times(rateOf));
      const rc = await s.as('co').post('/v1/vouchers', { document: { id: v.type.RC.id }, date: today(), type: 'AdvancePayment', customer: mainCustomer(r),
        payment: { id: v.pay.Cash.id, value: advance }, ...(usd === undefined ? {} : { currency: { code: 'USD', exchange_rate: usd } }) });
      if (expectAnswer(rcRoute, `advance ${advance}${usd === undefined ? '' : ` USD at ${usd}`}`, rc, pesos.gt(MAX_AMOUNT) ? ['invalid_value@currency.exchange_rate'] : [])) {
        const stored = await pesosOf(rc.body.id, '28050501');
        if (stored !== pesos.toFixed(2)) failures.push(`POST /v1/vouchers [advance ${advance} at ${usd}]: 28050501 credited ${stored}, by hand ${pesos.toFixed(2)}`);
      }

      // MX invoice: the first line with LAP14 (IVA 16 %), paid with its total (at most the largest condition value).
      const [q, p] = lines[0];
      const importe = round2(new Decimal(q).times(p));
      const total = importe.plus(round2(importe.times(16).div(100)));
      // An Importe that rounds to 0.00 would give the CFDI a tax Base of 0, which cfdv40.xsd forbids (issue 24).
      const mxRefusal = new Decimal(q).times(p).gt(MAX_LINE_AMOUNT) || importe.isZero() ? ['invalid_value@items[0].price']
        : total.gt(MAX_LINE_AMOUNT) ? ['invalid_total_payments@payment.conditions.value'] : [];
      const mxRes = await s.as('mx').post('/v1/invoices', { ...mxInvoice(), items: [{ code: 'LAP14', quantity: q, price: p }],
        payment: { method: 'PUE', conditions: { id: mx.pay.Contado.id, value: Decimal.min(total, MAX_LINE_AMOUNT).toNumber(), due_date: mxToday() } } }, MX_APP);
      if (expectAnswer(mxRoute, `${q} × ${p} + IVA`, mxRes, mxRefusal)) {
        const [row] = await s.db.query('SELECT total::text FROM invoices WHERE id = $1', [mxRes.body.id]);
        if (row.total !== total.toFixed(2)) failures.push(`POST /mx/v1/invoices [${q} × ${p}]: total stored ${row.total}, by hand ${total.toFixed(2)}`);
      }
    }), { numRuns: RUNS, seed: SEED });
    t.diagnostic(`amount edges: ${seen.refused} refused on their field, ${seen.stored} stored and checked to the cent`);
    noneSince(before);
  });

  test('the service still answers and the valid bodies are still accepted', async () => {
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, { date: today() }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const m = await s.as('mx').post('/v1/invoices', mxInvoice(), MX_APP);
    assert.equal(m.status, 201, JSON.stringify(m.body));
  });
});
