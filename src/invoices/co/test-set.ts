/**
 * The documents of a DIAN test set (habilitación, src/countries/co/dian/habilitacion.ts): invoices made the way
 * POST /v1/invoices makes them (computeCO + coInvoiceDocument) and the credit and debit notes that correct them
 * (noteDocument), on the DIAN's test numbering. Kept on the invoice side and given to the test set by the app
 * (src/admin/dian.ts), so that the tax-authority client never imports the invoice kernel.
 */
import { computeCO, type TaxRef } from '../compute';
import type { DocumentPlan } from './plan';
import { coInvoiceDocument } from './document';
import { noteDocument } from '../../notes/service';
import { CREDIT_REASONS, type NoteDocument } from '../../notes/schema';
import type { DianCustomer, DianInvoiceDocument } from '../../countries/co/dian/ubl';
import type { TestSetDocuments } from '../../countries/co/dian/habilitacion';
import { nitCheckDigit } from '../../platform/nit';
import { TEST_RESOLUTION } from '../../countries/co/dian/test-resolution';

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

/**
 * The stored document's plan of a test document (computeCO, the path POST /v1/invoices takes), made without the
 * master-data rows a request's plan carries: only what the document reads (DocumentPlan).
 */
function testSetPlan(t: { customer: number; pay: keyof typeof PAYMENT_TYPES; lines: Line[]; retentions?: typeof IVA19[]; discountPercent?: number },
  date: string, observations: string, docName: string): DocumentPlan {
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
    docType: { id: 0, name: docName, discount_type: 'Value' },
    // The UBL names no seller and a test document has none: 0 is no user's id (users are numbered from 1).
    customer: null, seller: { id: 0 }, costCenter: null, currency: null, local: 'COP',
    lines: t.lines.map((l) => ({
      item: { code: l.code, quantity: l.quantity, price: l.price, discount: l.discount }, product: { code: l.code },
      description: l.description, seller: null, warehouse: null, third: null, gift: false,
    })),
    payments: [{ id: type.id, value: Number(computed.payable), due_date: type.due_date ? addDays(date, 30) : null, type }],
    discounts, charges: [], computed,
  };
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
  const document = noteDocument({ body: { reason }, invoice: { id: TEST_INVOICE_ID, name: `${TEST_RESOLUTION.prefix}${invoiceIndex}` }, plan },
    { id: null, prefix: TEST_RESOLUTION.prefix, number, name: null, now });
  return { document: JSON.parse(JSON.stringify(document)) as NoteDocument, customer: CUSTOMERS[inv.customer], reason };
}
/** Test notes are not stored: the invoice they name in their stored shape is none of the company's. */
const TEST_INVOICE_ID = '00000000-0000-4000-8000-000000000000';

/** What a test set sends, for runDianTestSet. */
export const testSetDocuments: TestSetDocuments = {
  invoice: testSetInvoice,
  note: testSetNote,
  unitCodes: UNIT_CODES,
  paymentTypes: Object.fromEntries(Object.values(PAYMENT_TYPES).map((p) => [p.id, p.type])),
};
