/**
 * DIAN enablement (habilitación): before a company may invoice in production,
 * the DIAN asks it to send a set of test documents under the test set id it
 * gave the company's software (`SendTestSetAsync`), and judges each one
 * (`GetStatusZip`). `runDianTestSet` builds that set, signs it with the
 * company's certificate, sends it through the configured authority (the
 * sandbox by default, or the DIAN web service), waits until every document is
 * judged, reports the verdict per document and, when all were accepted,
 * records the pass in the company's settings (`settings.dian.test_set_id`,
 * `settings.dian.test_set_passed_at`): only then may the company's DIAN
 * environment be production (`mayUseProduction`).
 *
 * What is sent: the set as the DIAN composes it for an electronic invoicing
 * software, 30 electronic sales invoices (varied: cash and credit, card and
 * transfer, IVA 19 %, 5 % and 0 %, excluded lines, INC, a line discount,
 * Retefuente, ReteIVA and ReteICA, a global discount), then 10 credit notes
 * (every concept of the annex's table 13.2.4) and 10 debit notes (concepts 1
 * to 4), each note on an invoice of the same set that was accepted: the
 * invoices are judged first, and their CUFEs kept on the run's row.
 *
 * Numbering: every document of the set (invoices and notes alike) carries the
 * DIAN's test numbering (TEST_RESOLUTION: resolution 18760000001, prefix SETP,
 * 990000000 to 995000000, its public technical key), which the DIAN gives
 * every software in habilitación, never a number of the company's production
 * numbering. They are not stored as invoices or notes; each run is a row of
 * `dian_test_sets` and takes the test numbers after the previous runs' and
 * after any number a document type of the company on the test resolution gave
 * (companies invoice on it while in habilitación); that type then continues
 * after the run, so no test number is ever given twice.
 */
import type { Db } from '../../platform/db';
import type { CompanyRow, CompanySettings } from '../../platform/auth';
import { computeCO, type TaxRef } from '../../invoices/compute';
import { coInvoiceDocument, type Plan } from '../../invoices/co/service';
import { todayIn } from '../../invoices/lookup';
import { nitCheckDigit } from '../../platform/nit';
import { companyCredentials } from '../credentials';
import { signInvoiceXml, type SigningCredentials } from './sign';
import { buildInvoiceXml, buildNoteXml, type DianCustomer, type DianInvoiceDocument } from './ubl';
import { noteDocument, type NotedInvoice } from '../../notes/service';
import { CREDIT_REASONS, type NoteBody, type NoteDocument } from '../../notes/schema';
import { DEFAULT_SOFTWARE, softwareProvider } from './stamp';
import { TEST_RESOLUTION } from './test-resolution';
import { dianFileStem } from './file-names';
import { AAD, openFor } from '../../platform/secrets';
import { dianIssuer } from './issuer';
import type { DianAuthority, SubmitContext, Verdict } from './authority';

export { TEST_RESOLUTION };

/**
 * What a test set sends, as the DIAN composes the set of an electronic invoicing software: 50 documents,
 * 30 invoices, 10 credit notes and 10 debit notes (docs/colombia.md names the public sources).
 */
export const TEST_SET_INVOICES = 30;
export const TEST_SET_CREDIT_NOTES = 10;
export const TEST_SET_DEBIT_NOTES = 10;

export interface TestSetDocument {
  /** Its number with the test prefix (SETP990000000). */
  name: string;
  kind: 'Invoice' | 'CreditNote' | 'DebitNote';
  status: string;
  errors: { code: string; message: string }[];
  /** The CUFE of an accepted invoice, the CUDE of an accepted note; null otherwise. */
  cufe: string | null;
  /** Its issue date. */
  date: string;
  /** A note: the invoice of the set it corrects, and its DIAN concept. */
  invoice?: string;
  reason?: number;
}
export interface TestSetResult { status: 'Accepted' | 'Rejected'; documents: TestSetDocument[] }

/** A test set that cannot be run as asked (unknown or non-Colombian company, no certificate, no software registration…): a 4xx. */
export class DianTestSetError extends Error {
  constructor(message: string, readonly param: string) {
    super(message);
    this.name = 'DianTestSetError';
  }
}

/** The message a change of the DIAN environment to production gets until the company passed its test set (null: allowed). */
export function productionRefusal(settings: CompanySettings | null | undefined): string | null {
  return settings?.dian?.test_set_passed_at ? null
    : 'The company has not passed the DIAN test set yet: run POST /admin/v1/companies/{id}/dian/test-set first (settings.dian.test_set_passed_at)';
}
export const mayUseProduction = (settings: CompanySettings | null | undefined) => productionRefusal(settings) === null;

// ------------------------------------------------------------------ the documents

const tax = (id: number, name: string, type: string, percentage: string): TaxRef & { account_code: string } => ({ id, name, type, percentage, account_code: '' });
const IVA19 = tax(1, 'IVA 19%', 'IVA', '19');
const IVA5 = tax(2, 'IVA 5%', 'IVA', '5');
const IVA0 = tax(3, 'IVA 0% (exento)', 'IVA', '0');
const INC8 = tax(4, 'Impoconsumo 8%', 'Impoconsumo', '8');
const RETEFUENTE = tax(5, 'Retefuente 2.5%', 'Retefuente', '2.5');
const RETEIVA = tax(6, 'ReteIVA 15%', 'ReteIVA', '15');
const RETEICA = tax(7, 'ReteICA 9.66 por mil', 'ReteICA', '0.966');

const PAYMENT_TYPES = {
  cash: { id: 1, name: 'Efectivo', type: 'Cash', due_date: false },
  credit: { id: 2, name: 'Crédito 30 días', type: 'Credit', due_date: true },
  transfer: { id: 3, name: 'Transferencia bancaria', type: 'Transfer', due_date: false },
  card: { id: 4, name: 'Tarjeta débito', type: 'Card', due_date: false },
};

/** The test customers: a company with a NIT (responsible for IVA, withholding agent) and a person with a cédula. */
const CUSTOMERS: DianCustomer[] = [
  {
    person_type: 'company', id_type: '31', identification: '900108281', check_digit: nitCheckDigit('900108281'),
    name: ['Cliente de Pruebas de Habilitación S.A.S.'], vat_responsible: true, fiscal_responsibilities: [{ code: 'O-23' }],
    address: { address: 'Calle 26 # 69-76', city: { country_code: 'CO', state_code: '11', city_code: '11001' }, postal_code: '111071' },
    contacts: [{ first_name: 'Compras', email: 'compras@cliente-pruebas.example.co' }],
  },
  {
    person_type: 'person', id_type: '13', identification: '1020304050',
    name: ['Consumidor', 'de Pruebas'], vat_responsible: false, fiscal_responsibilities: [{ code: 'R-99-PN' }],
    address: { address: 'Carrera 43A # 1-50', city: { country_code: 'CO', state_code: '05', city_code: '05001' }, postal_code: '050021' },
  },
];

interface Template {
  customer: number;
  lines: { code: string; description: string; quantity: number; price: number; discount?: number; taxes: typeof IVA19[] }[];
  retentions?: typeof IVA19[];
  discountPercent?: number;
  pay: keyof typeof PAYMENT_TYPES;
}

/** The kinds of invoice the set goes through, in turn; quantities grow with the document's position. */
const TEMPLATES: Template[] = [
  { customer: 0, pay: 'cash', lines: [{ code: 'HAB-PROD', description: 'Producto gravado con IVA 19 %', quantity: 1, price: 100000, taxes: [IVA19] }] },
  { customer: 0, pay: 'credit', lines: [
    { code: 'HAB-PROD', description: 'Producto gravado con IVA 19 %, con descuento', quantity: 2, price: 85000, discount: 10000, taxes: [IVA19] },
    { code: 'HAB-CANASTA', description: 'Producto de la canasta familiar, IVA 5 %', quantity: 3, price: 12500, taxes: [IVA5] },
  ] },
  { customer: 1, pay: 'transfer', lines: [
    { code: 'HAB-EXENTO', description: 'Producto exento (IVA 0 %)', quantity: 4, price: 9900, taxes: [IVA0] },
    { code: 'HAB-EXCLUIDO', description: 'Producto excluido de IVA', quantity: 1, price: 45000, taxes: [] },
  ] },
  { customer: 1, pay: 'card', lines: [{ code: 'HAB-RESTAURANTE', description: 'Servicio de restaurante (INC 8 %)', quantity: 2, price: 32000, taxes: [INC8] }] },
  { customer: 0, pay: 'credit', retentions: [RETEIVA, RETEICA], lines: [
    { code: 'HAB-SERVICIO', description: 'Servicio gravado con IVA 19 % y Retefuente 2.5 %', quantity: 1, price: 1250000, taxes: [IVA19, RETEFUENTE] },
  ] },
  { customer: 0, pay: 'cash', discountPercent: 2, lines: [
    { code: 'HAB-PROD', description: 'Producto gravado con IVA 19 %', quantity: 5, price: 23990.5, taxes: [IVA19] },
    { code: 'HAB-UNIDAD', description: 'Servicio por horas', quantity: 1.5, price: 80000, taxes: [IVA19] },
  ] },
];

/** Units of the test products (InvoicedQuantity/@unitCode): hours for the service by hours, else units. */
const UNIT_CODES: Record<string, string> = { 'HAB-UNIDAD': 'HUR' };

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86400_000).toISOString().slice(0, 10);

type Line = Template['lines'][number];

/** The stored document's plan of a test document (computeCO, the path POST /v1/invoices takes). */
function testSetPlan(t: { customer: number; pay: keyof typeof PAYMENT_TYPES; lines: Line[]; retentions?: typeof IVA19[]; discountPercent?: number },
  date: string, observations: string, docName: string): Plan {
  const discounts = t.discountPercent ? [{ id: 1, percentage: t.discountPercent, row: { name: 'Descuento por pronto pago' } }] : [];
  const computed = computeCO({
    discountType: 'Value',
    lines: t.lines.map((l) => ({ quantity: l.quantity, price: l.price, discount: l.discount, taxes: l.taxes })),
    retentions: t.retentions ?? [],
    globalDiscounts: discounts,
    globalCharges: [],
  });
  const type = PAYMENT_TYPES[t.pay];
  const customer = CUSTOMERS[t.customer];
  return {
    body: { date, customer: { identification: customer.identification, branch_office: 0 }, observations, stamp: { send: true } },
    docType: { id: 0, name: docName, prefix: TEST_RESOLUTION.prefix, discount_type: 'Value' },
    customer: null, newCustomer: null, seller: { id: null }, costCenter: null, currency: null,
    retentions: t.retentions ?? [],
    lines: t.lines.map((l) => ({
      item: { code: l.code, quantity: l.quantity, price: l.price, discount: l.discount }, product: { code: l.code },
      taxes: l.taxes, description: l.description, seller: null, warehouse: null, third: null, gift: false,
    })),
    payments: [{ id: type.id, value: Number(computed.payable), due_date: type.due_date ? addDays(date, 30) : null, type }],
    discounts, charges: [], computed,
  } as unknown as Plan;
}

/** The template and lines of the n-th invoice of a set: quantities grow with the document's position. */
function invoiceTemplate(n: number): Template {
  const t = TEMPLATES[n % TEMPLATES.length];
  const round = Math.floor(n / TEMPLATES.length);
  return { ...t, lines: t.lines.map((l) => ({ ...l, quantity: l.quantity + round })) };
}

/**
 * The n-th invoice of a test set: the stored document's shape (computeCO + coInvoiceDocument, the path
 * POST /v1/invoices takes), numbered `number` in the test range, dated `date`, made at `now`.
 */
export function testSetInvoice(n: number, number: number, date: string, now: Date): { document: DianInvoiceDocument; customer: DianCustomer } {
  const t = invoiceTemplate(n);
  const plan = testSetPlan(t, date, `Documento ${n + 1} del set de pruebas de habilitación DIAN (sin validez fiscal)`, 'Factura electrónica de venta (set de pruebas)');
  const document = coInvoiceDocument(plan, { id: null, prefix: TEST_RESOLUTION.prefix, number, name: null, customerId: null, now });
  return { document: JSON.parse(JSON.stringify(document)) as DianInvoiceDocument, customer: CUSTOMERS[t.customer] };
}

/**
 * The credit note concept given to the credit note of an invoice of each template, in TEMPLATES' order:
 * an annulment, a return of one unit, a rebate, a price adjustment, a volume discount, an early-payment
 * discount (the invoice with the global discount): every concept of the annex's table 13.2.4.
 */
const CREDIT_CONCEPTS = [2, 1, 3, 4, 6, 5] as const;
/** The debit note concepts in turn (table 13.2.5), with the line each charges. */
const DEBIT_LINES: Record<number, Omit<Line, 'quantity' | 'price' | 'taxes'> & { taxed: boolean }> = {
  1: { code: 'HAB-INTERESES', description: 'Intereses de mora (excluidos de IVA)', taxed: false },
  2: { code: 'HAB-GASTOS', description: 'Gastos de cobranza', taxed: true },
  3: { code: 'HAB-PROD', description: 'Cambio del valor: mayor valor del producto', taxed: true },
  4: { code: 'HAB-OTROS', description: 'Otros cargos', taxed: true },
};

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The j-th credit note (kind NC) or debit note (ND) of a set, on the i-th invoice of the set (its template):
 * a credit note credits the invoice's own lines by its template's concept (CREDIT_CONCEPTS: the annulment
 * credits every line, a return one unit of the first line, the value concepts a tenth of one unit's price
 * with its taxes); a debit note charges one line by concept 1 to 4 in turn (interest without IVA, else
 * with the first line's taxes). Numbered `number` in the test range.
 */
export function testSetNote(kind: 'NC' | 'ND', j: number, invoiceIndex: number, number: number, date: string, now: Date):
  { document: NoteDocument; customer: DianCustomer; reason: number } {
  const inv = invoiceTemplate(invoiceIndex);
  const first = inv.lines[0];
  let reason: number;
  let lines: Line[];
  if (kind === 'NC') {
    reason = CREDIT_CONCEPTS[invoiceIndex % TEMPLATES.length];
    lines = reason === 2 ? inv.lines
      : reason === 1 ? [{ ...first, quantity: 1, discount: undefined }]
        : [{ ...first, description: `${CREDIT_REASONS[reason as keyof typeof CREDIT_REASONS]}: ${first.description}`, quantity: 1, price: round2(first.price / 10), discount: undefined }];
  } else {
    reason = (j % 4) + 1;
    const d = DEBIT_LINES[reason];
    lines = [{ code: d.code, description: d.description, quantity: 1, price: 5000 + 1000 * j, taxes: d.taxed ? first.taxes.filter((t) => t.type === 'IVA' || t.type === 'Impoconsumo') : [] }];
  }
  const plan = testSetPlan({ customer: inv.customer, pay: inv.pay, lines },
    date, `${kind === 'NC' ? 'Nota crédito' : 'Nota débito'} ${j + 1} del set de pruebas de habilitación DIAN (sin validez fiscal)`,
    kind === 'NC' ? 'Nota crédito electrónica (set de pruebas)' : 'Nota débito electrónica (set de pruebas)');
  const document = noteDocument({ kind, body: { reason } as NoteBody, invoice: { id: TEST_INVOICE_ID, name: `${TEST_RESOLUTION.prefix}${invoiceIndex}` } as NotedInvoice, plan },
    { id: null, prefix: TEST_RESOLUTION.prefix, number, name: null, now });
  return { document: JSON.parse(JSON.stringify(document)) as NoteDocument, customer: CUSTOMERS[inv.customer], reason };
}
/** Test notes are not stored: the invoice they name in their stored shape is none of the company's. */
const TEST_INVOICE_ID = '00000000-0000-4000-8000-000000000000';

// ------------------------------------------------------------------ the run

export interface TestSetOptions {
  /** How many invoices (default TEST_SET_INVOICES). */
  invoices?: number;
  /** How many credit notes (default TEST_SET_CREDIT_NOTES). */
  creditNotes?: number;
  /** How many debit notes (default TEST_SET_DEBIT_NOTES). */
  debitNotes?: number;
  /** How long to wait for the verdicts of each phase (invoices, then notes) before reporting the documents not judged yet (default 120 s). */
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

interface Sent {
  doc: TestSetDocument; ctx: SubmitContext | null; trackId: string | null; verdict: Verdict | null; failure: TestSetDocument['errors'];
}

/** GetStatusZip for each track id until every document is judged (or the time is up), backing off from 0.1 s to 2 s. */
async function awaitVerdicts(authority: DianAuthority, sent: Sent[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
    const open = sent.filter((s) => s.trackId && !s.verdict && !s.failure.length);
    if (!open.length) break;
    for (const s of open) {
      try {
        const verdicts = await authority.statusZip(s.trackId!, s.ctx!);
        if (verdicts) s.verdict = verdicts.find((v) => v.cufe === s.ctx!.cufe) ?? verdicts[0];
      } catch (e) {
        s.failure = [{ code: 'TRANSPORT', message: (e as Error).message }];
      }
    }
    if (Date.now() >= deadline) break;
    if (sent.some((s) => s.trackId && !s.verdict && !s.failure.length)) await sleep(wait);
  }
  for (const s of sent) {
    s.doc.status = s.verdict?.status ?? (s.failure.length ? 'Rejected' : 'Pending');
    s.doc.errors = s.verdict?.errors ?? (s.failure.length ? s.failure : [{ code: 'TIMEOUT', message: `Not judged within ${timeoutMs} ms (track id ${s.trackId})` }]);
    if (s.doc.status !== 'Accepted') s.doc.cufe = null;
  }
}

/**
 * The test resolution's numbers are one sequence per company: a document type of the company on the test
 * resolution (resolution 18760000001, or prefix SETP: how companies invoice while in habilitación) draws
 * from it as the test sets do.
 */
const ON_TEST_RESOLUTION = `company_id = $1 AND (resolution->>'number' = '${TEST_RESOLUTION.number}' OR upper(prefix) = '${TEST_RESOLUTION.prefix}')`;

/**
 * Sends the company's test set under `testSetId` and waits for the verdicts; see the module's comment.
 * Throws DianTestSetError (a 4xx) when the set cannot be sent at all; anything the authority answers
 * (rejections, a document not judged in time, a failed call) is reported per document.
 */
export async function runDianTestSet(db: Db, authority: DianAuthority, companyId: number, testSetId: string,
  options: TestSetOptions = {}): Promise<TestSetResult> {
  const invoices = options.invoices ?? TEST_SET_INVOICES;
  const creditNotes = options.creditNotes ?? TEST_SET_CREDIT_NOTES;
  const debitNotes = options.debitNotes ?? TEST_SET_DEBIT_NOTES;
  const count = invoices + creditNotes + debitNotes;
  const timeoutMs = options.timeoutMs ?? 120_000;
  if (typeof testSetId !== 'string' || !testSetId.trim()) throw new DianTestSetError('test_set_id is required (the id the DIAN gave the software\'s test set)', 'test_set_id');
  if (invoices < 1 && creditNotes + debitNotes > 0) throw new DianTestSetError('The notes of a test set correct invoices of the set: send at least one invoice', 'invoices');
  const [company] = await db.query<CompanyRow>('SELECT * FROM companies WHERE company_id = $1', [companyId]);
  if (!company) throw new DianTestSetError(`Company ${companyId} does not exist`, 'id');
  if (company.country !== 'CO') throw new DianTestSetError(`Company ${companyId} is not Colombian: the DIAN test set is for Colombian companies`, 'id');
  const dian = company.settings?.dian ?? {};
  if (!company.is_demo && (!dian.id || !dian.pin)) {
    throw new DianTestSetError('The company has no DIAN software registration: set settings.dian.id and settings.dian.pin (from the DIAN\'s habilitación portal) first', 'settings.dian');
  }
  let credentials: SigningCredentials;
  try {
    credentials = await companyCredentials(db, company);
  } catch (e) {
    throw new DianTestSetError(`The company's signing certificate cannot be used: ${(e as Error).message}`, 'certificate');
  }
  const software = { ...DEFAULT_SOFTWARE, ...dian };

  // The run and its numbers, taken under the company's row lock so that two runs never share a number, after
  // the previous runs' and after every number a document type on the test resolution gave, which then
  // continues after the run's (its next invoice never repeats a test-set number).
  const run = await db.tx(async (q) => {
    await q.query('SELECT company_id FROM companies WHERE company_id = $1 FOR UPDATE', [companyId]);
    const [next] = await q.query<{ n: string }>(
      `SELECT GREATEST($2::bigint,
                (SELECT MAX(first_number + count) FROM dian_test_sets WHERE company_id = $1),
                (SELECT MAX(consecutive) FROM document_types WHERE ${ON_TEST_RESOLUTION})) AS n`, [companyId, TEST_RESOLUTION.from]);
    const first = Number(next.n);
    if (first + count - 1 > Number(TEST_RESOLUTION.to)) throw new DianTestSetError('The DIAN test numbering is used up for this company', 'test_set_id');
    await q.query(`UPDATE document_types SET consecutive = GREATEST(consecutive, $2::bigint) WHERE ${ON_TEST_RESOLUTION}`, [companyId, first + count]);
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO dian_test_sets (company_id, test_set_id, authority, first_number, count, status) VALUES ($1, $2, $3, $4, $5, 'Running') RETURNING id`,
      [companyId, testSetId, authority.name, first, count]);
    return { id: row.id, first };
  });

  const now = new Date();
  const date = todayIn('America/Bogota', now);
  const issuer = dianIssuer(company);
  const settings = { software: { id: software.id, pin: openFor(software.pin, AAD.pin(company.company_id)), ...softwareProvider(company) }, environment: '2' as const };
  const paymentTypes = Object.fromEntries(Object.values(PAYMENT_TYPES).map((p) => [p.id, p.type]));

  const send = async (n: number, doc: TestSetDocument, xml: string, key: string, prefix: 'fv' | 'nc' | 'nd'): Promise<Sent> => {
    const file = `test-set/${run.id}/${n}`;
    const ctx: SubmitContext = { credentials, cufe: key, documentPrefix: prefix,
      fileName: await dianFileStem(db, company, file, prefix, date), zipName: await dianFileStem(db, company, file, 'z', date) };
    try {
      const receipt = await authority.sendTestSet(xml, testSetId, ctx);
      return { doc, ctx, trackId: receipt.trackId, verdict: null, failure: receipt.errors };
    } catch (e) {
      return { doc, ctx, trackId: null, verdict: null, failure: [{ code: 'TRANSPORT', message: (e as Error).message }] };
    }
  };

  // 1. The invoices, each judged before any note refers to it.
  const sentInvoices: Sent[] = [];
  for (let n = 0; n < invoices; n++) {
    const number = run.first + n;
    const { document, customer } = testSetInvoice(n, number, date, now);
    const built = buildInvoiceXml({ document, company: issuer, customer, resolution: TEST_RESOLUTION, settings, unitCodes: UNIT_CODES, paymentTypes });
    const xml = await signInvoiceXml(built.xml, credentials, { written: true });
    const doc: TestSetDocument = { name: `${TEST_RESOLUTION.prefix}${number}`, kind: 'Invoice', status: 'Pending', errors: [], cufe: built.cufe, date };
    sentInvoices.push(await send(n, doc, xml, built.cufe, 'fv'));
  }
  await awaitVerdicts(authority, sentInvoices, timeoutMs);
  // What the invoices got, kept before the notes go (an authority that judges the notes reads it: the sandbox's noteFacts).
  await db.query(`UPDATE dian_test_sets SET documents = $3 WHERE company_id = $1 AND id = $2`,
    [companyId, run.id, JSON.stringify(sentInvoices.map((s) => s.doc))]);

  // 2. The credit notes, then the debit notes, each on an accepted invoice of the set, in turn.
  const accepted = sentInvoices.map((s, i) => ({ s, i })).filter(({ s }) => s.doc.status === 'Accepted');
  const sentNotes: Sent[] = [];
  const notSent: TestSetDocument[] = [];
  const plan = [...Array.from({ length: creditNotes }, (_, j) => ['NC', j] as const), ...Array.from({ length: debitNotes }, (_, j) => ['ND', j] as const)];
  for (const [k, [kind, j]] of plan.entries()) {
    const n = invoices + k;
    const number = run.first + n;
    const name = `${TEST_RESOLUTION.prefix}${number}`;
    const docKind = kind === 'NC' ? 'CreditNote' : 'DebitNote';
    if (!accepted.length) {
      notSent.push({ name, kind: docKind, status: 'Rejected', cufe: null, date,
        errors: [{ code: 'NOT_SENT', message: 'Not sent: no invoice of the set was accepted for the note to correct' }] });
      continue;
    }
    const target = accepted[j % accepted.length];
    const { document, customer, reason } = testSetNote(kind, j, target.i, number, date, now);
    const built = buildNoteXml({ kind, document, customer, company: issuer, settings, unitCodes: UNIT_CODES, paymentTypes,
      invoice: { number: target.s.doc.name, cufe: target.s.doc.cufe!, date: target.s.doc.date } });
    const xml = await signInvoiceXml(built.xml, credentials, { written: true });
    const doc: TestSetDocument = { name, kind: docKind, status: 'Pending', errors: [], cufe: built.cude, date, invoice: target.s.doc.name, reason };
    sentNotes.push(await send(n, doc, xml, built.cude, kind === 'NC' ? 'nc' : 'nd'));
  }
  await awaitVerdicts(authority, sentNotes, timeoutMs);

  const documents: TestSetDocument[] = [...sentInvoices.map((s) => s.doc), ...sentNotes.map((s) => s.doc), ...notSent]
    .sort((a, b) => a.name.localeCompare(b.name));
  const status = documents.length > 0 && documents.every((d) => d.status === 'Accepted') ? 'Accepted' : 'Rejected';
  await db.tx(async (q) => {
    await q.query(`UPDATE dian_test_sets SET status = $3, documents = $4, finished_at = now() WHERE company_id = $1 AND id = $2`,
      [companyId, run.id, status, JSON.stringify(documents)]);
    if (status === 'Accepted') {
      await q.query(
        `UPDATE companies SET settings = jsonb_set(settings, '{dian}', COALESCE(settings->'dian', '{}'::jsonb)
            || jsonb_build_object('test_set_id', $2::text, 'test_set_passed_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')))
          WHERE company_id = $1`, [companyId, testSetId]);
    }
  });
  return { status, documents };
}
