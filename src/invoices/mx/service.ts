/**
 * The Mexican invoice: the rules of the specification's MX tables, the
 * computation of DESIGN §5, and one transaction that numbers it, stores it
 * (with a receivable for PPD) and posts its journal entry.
 */
import { documentHead } from '../../platform/answers';
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import type { Company } from '../../platform/auth';
import type { Queryable } from '../../platform/db';
import type { Problems } from '../../platform/errors';
import { CFDI_USES, FOREIGN_RECEIVER, GENERAL_PUBLIC, genericReceiver } from '../../companies/uses';
import { globalPeriod, type GlobalInformation } from './global';
import { GENERIC_RFCS } from '../../catalog/customers';
import type { CostCenterRow, CustomerRow, DocumentTypeRow, PaymentTypeRow, ProductRow, SellerRow, TaxRow, WarehouseRow } from '../../catalog/rows';
import { computeMX, taxRef, type MxOut } from '../compute';
import type { Posting } from '../../ledger/journal';
import { checkDocumentAmount, checkLedgerAmounts, checkLineAmount } from '../../ledger/limits';
import { writeInvoice } from '../kernel';
import { MX_LEDGER, mxPendingAccount } from '../../ledger/accounts';
import { missingCfdiData } from '../../countries/mx/sat/stamp';
import { placeOfIssue, unsealedCfdi, type CfdiCompany } from '../../countries/mx/sat/cfdi';
import { cfdiContentProblems } from '../../countries/mx/sat/rules';
import { catalogueCodes, CURRENCY_DECIMALS, NOT_A_CURRENCY, postalCode, RESICO, RESICO_ISR_RATE, rfcPersonType, taxObjectProblem } from '../../catalogs/sat';
import { checkCurrency, checkDocumentType, checkCostCenter, checkWarehouse, lineDescription, loadMasterData, mustBeActive, todayIn, type MasterData } from '../lookup';
import type { MxInvoiceBody, MxInvoiceDocument } from './schema';
import { num } from '../../platform/money';
import { checkRelated, type RelatedCfdi } from '../../countries/mx/sat/related';

const RETENTION_TYPES = new Set(['ReteIVA', 'ReteISR']);
const TO_BE_DEFINED = '99'; // c_FormaPago "Por definir"
/** What the answer of a Mexican CFDI's lines and parties is made of (mxInvoiceDocument): an invoice's plan, or a credit note's. */
export interface MxDocumentPlan {
  body: MxInvoiceBody;
  date: string;
  docType: DocumentTypeRow;
  customer: CustomerRow;
  lines: { product: ProductRow; taxes: TaxRow[]; description: string; warehouse: WarehouseRow | null }[];
  retentions: TaxRow[];
  /** The payment condition's name and c_FormaPago (a credit note's: its payment form). */
  condition: Pick<PaymentTypeRow, 'name' | 'sat_code'>;
  computed: MxOut;
  /** Related CFDIs (TipoRelacion 04, 07), checked. */
  related: RelatedCfdi[];
  /** A foreign currency (null: MXN): the amounts are in it, the ledger in pesos at its rate. */
  currency: { code: string; exchange_rate: number } | null;
  /** A global invoice's period (to the general public): InformacionGlobal. */
  global?: GlobalInformation;
}

/** A Mexican invoice's plan: its seller, cost center and payment condition (whose account its entry debits). */
export interface MxPlan extends MxDocumentPlan {
  seller: SellerRow;
  costCenter: CostCenterRow | null;
  condition: PaymentTypeRow;
}

/** The person type an RFC implies: 12 characters a company, 13 a person (generic RFCs: as the customer record says). */
export function personTypeOf(customer: CustomerRow): 'person' | 'company' {
  if (GENERIC_RFCS.includes(customer.identification)) return customer.person_type;
  return customer.identification.length === 12 ? 'company' : 'person';
}

/**
 * c_Exportacion (Anexo 20): 01 (No aplica) for everything but goods that leave the country, services sold abroad
 * included; 03 (temporal) and 04 (definitiva con clave distinta a A1) for goods sold to a receiver abroad
 * (XEXX010101000); 02 (definitiva con clave A1) needs the Comercio Exterior complement, which this service does not
 * write, so it is refused rather than stamped incomplete.
 */
function checkExportation(problems: Problems, code: string | undefined, customer: CustomerRow | null | undefined): void {
  if (code === undefined || code === '01' || problems.has('exportation')) return;
  if (code === '02') {
    return problems.add('invalid_value', 'Exportacion 02 (definitiva con clave A1) needs the Comercio Exterior complement, which this service does not write: '
      + 'use 04 (definitiva con clave distinta a A1) or 03 (temporal) where it applies', 'exportation');
  }
  if (customer && customer.identification !== FOREIGN_RECEIVER.rfc) {
    problems.add('invalid_value', `Exportacion ${code} is for goods leaving the country, sold to a receiver abroad (${FOREIGN_RECEIVER.rfc}); `
      + `${customer.identification} is in Mexico: send 01 (No aplica), the default`, 'exportation');
  }
}

/** The CFDI's use (c_UsoCFDI) for its receiver: a code of the catalogue allowed for its person type and regime (a generic RFC's is fixed). */
export function checkUse(problems: Problems, customer: CustomerRow | null, code: string): void {
  const generic = genericReceiver(customer?.identification);
  const use = CFDI_USES.find((u) => u.code === code);
  if (!use) problems.add('invalid_value', `${code} is not a c_UsoCFDI code; see /mx/v1/uses`, 'use');
  else if (generic && use.code !== generic.use) {
    problems.add('invalid_value', `Use ${use.code} (${use.description}) is not allowed for the generic RFC ${generic.rfc} (${generic.label}): `
      + `CFDI 4.0 requires UsoCFDI ${generic.use} (Sin efectos fiscales) with RegimenFiscalReceptor ${generic.regime} for it`, 'use');
  } else if (customer && !use.person_types.includes(personTypeOf(customer))) {
    problems.add('invalid_value', `Use ${use.code} (${use.description}) is not allowed for a ${personTypeOf(customer)} customer`, 'use');
  } else if (customer?.tax_regime && !generic && !use.receiver_regimes.includes(customer.tax_regime)) {
    problems.add('invalid_value', `Use ${use.code} (${use.description}) is not allowed for a receiver in regime ${customer.tax_regime} `
      + `(c_UsoCFDI allows it for regimes ${use.receiver_regimes.join(', ')})`, 'use');
  }
}

export async function planMxInvoice(q: Queryable, company: Company, body: MxInvoiceBody, problems: Problems): Promise<MxPlan> {
  const active = mustBeActive(problems);
  const items = body.items ?? [];
  const date = todayIn(company.time_zone);
  const md = await loadMasterData(q, company, {
    productCodes: items.map((i) => i.code),
    customerIdentifications: [body.customer?.rfc_id],
  });
  const { document_types: docTypes, sellers, cost_centers: costCenters, payment_types: conditions } = md;

  const docType = await checkDocumentType(q, problems, company, docTypes, body.document, body.number, 'FV', '/mx/v1/document-types?type=FV');

  let customer: CustomerRow | null = null;
  if (body.customer && !problems.has('customer')) {
    const row = md.customers.find((x) => x.identification === body.customer.rfc_id && x.branch_office === body.customer.branch_office);
    customer = active(row, 'customer.rfc_id', 'Customer', `${body.customer.rfc_id} (branch office ${body.customer.branch_office})`, '/mx/v1/customers');
  }
  const seller = body.seller !== undefined ? active(sellers.get(body.seller), 'seller', 'Seller', body.seller, '/mx/v1/users') : null;

  if (typeof body.use === 'string' && !problems.has('use')) checkUse(problems, customer, body.use);

  const costCenter = checkCostCenter(problems, company, docType, costCenters, body.cost_center, '/mx/v1/cost-centers');

  const { lines, retentions } = checkMxLines(problems, company, md, docType, customer, items, body.retentions ?? []);

  let condition: PaymentTypeRow | null = null;
  const pay = body.payment;
  if (pay?.conditions) {
    condition = active(conditions.get(pay.conditions.id), 'payment.conditions.id', 'Payment condition', pay.conditions.id, '/mx/v1/payment-types?document_type=FV');
    if (condition && condition.document_type !== 'FV') { problems.add('invalid_payment', `Payment type ${condition.id} is for cash receipts, not invoices`, 'payment.conditions.id'); condition = null; }
    // A CFDI to the general public is a global invoice (InformacionGlobal), which the SAT's guide has paid in one exhibition:
    // no receipt (CFDI type P) can follow it, so a deferred one would stay owed for ever.
    if (pay.method === 'PPD' && customer?.identification === GENERAL_PUBLIC.rfc && !problems.has('payment.method')) {
      problems.add('invalid_payment', `An invoice to the general public (${GENERAL_PUBLIC.rfc}) is a global invoice, paid in one exhibition (PUE): `
        + 'no payment receipt can follow it. Invoice the customer by its own RFC to sell on credit', 'payment.method');
    }
    if (condition && !problems.has('payment.method')) {
      if (pay.method === 'PPD' && condition.sat_code !== TO_BE_DEFINED) {
        problems.add('invalid_payment', `A PPD invoice takes a payment condition with payment form 99 (Por definir); ${condition.name} is ${condition.sat_code}`, 'payment.conditions.id');
      }
      if (pay.method === 'PUE' && condition.sat_code === TO_BE_DEFINED) {
        problems.add('invalid_payment', `A PUE invoice is paid at once: its payment form cannot be 99 (Por definir)`, 'payment.conditions.id');
      }
    }
    if (!problems.has('payment.conditions.due_date') && typeof pay.conditions.due_date === 'string' && pay.conditions.due_date < date) {
      problems.add('invalid_date', `The due date cannot be before the invoice date (${date})`, 'payment.conditions.due_date');
    }
  }

  const related = await checkRelated(q, company.company_id, 'I', body.related, problems);
  const currency = await checkMxCurrency(q, problems, company, body.currency, date);

  if (body.stamp?.send && customer && docType) {
    const missing = missingCfdiData(company, customer, lines.map((l) => l.product));
    if (missing.length) problems.add('document_settings', `The invoice cannot be stamped: ${missing.join('; ')}`, 'stamp.send');
  }

  if (!problems.empty) problems.throwIfAny();
  const computed = computeMxLines(problems, docType!, items, lines, retentions, 'The invoice total');
  if (problems.empty && !new Decimal(pay.conditions.value).eq(computed.total)) {
    problems.add('invalid_total_payments', `The payment condition value (${new Decimal(pay.conditions.value).toFixed(2)}) must equal the invoice total (${computed.total})`,
      'payment.conditions.value', `expected ${computed.total}`);
  }
  const global = customer?.identification === GENERAL_PUBLIC.rfc ? globalPeriod(problems, body.global_information, date, typeof company.settings?.tax_regime === 'string' ? company.settings.tax_regime : undefined) : undefined;
  if (body.global_information && customer && !global) {
    problems.add('parameter_not_allowed', `global_information is for a global invoice, to the general public (${GENERAL_PUBLIC.rfc}), not to ${customer.identification}`, 'global_information');
  }
  checkExportation(problems, body.exportation, customer);
  const plan: MxPlan = { body, date, docType: docType!, customer: customer!, seller: seller!, costCenter, lines, retentions, condition: condition!, computed, related, currency, global };
  if (problems.empty) checkLedgerAmounts(problems, mxInvoicePostings(plan), currency, 'items', 'MXN');
  problems.throwIfAny();
  await checkCfdi(company, plan, problems);
  return plan;
}

/**
 * The lines and retentions of a Mexican CFDI's body (an invoice's or a credit note's): each product exists and is
 * active, its tax object agrees with its taxes, IVA 8 % only from the border, retentions only where they apply.
 */
export function checkMxLines(problems: Problems, company: Company, md: MasterData, docType: DocumentTypeRow | null, customer: CustomerRow | null,
  items: MxInvoiceBody['items'], retentionIds: number[]): { lines: MxPlan['lines']; retentions: TaxRow[] } {
  const active = mustBeActive(problems);
  const lines: MxPlan['lines'] = [];
  items.forEach((item, i) => {
    const at = (f: string) => `items[${i}].${f}`;
    const product = active(md.products.get(item.code), at('code'), 'Product', item.code, '/mx/v1/products');
    const warehouse = checkWarehouse(problems, company, md.warehouses, item.warehouse, at('warehouse'), '/mx/v1/warehouses');
    if (item.discount !== undefined && docType?.discount_type === 'Percentage' && item.discount > 100) {
      problems.add('invalid_value', 'A percentage discount is at most 100', at('discount'));
    }
    if (!product) return;
    const lineTaxes = product.tax_ids.map((id) => md.taxes.get(id)).filter((t): t is TaxRow => !!t && t.active);
    lines.push({ product, taxes: lineTaxes, description: lineDescription(problems, company, item.description, product, at('description')), warehouse });
    const objectProblem = taxObjectProblem(product.tax_object, lineTaxes.map((t) => t.type));
    if (objectProblem) problems.add('invalid_value', `Product ${product.code}: ${objectProblem}`, at('code'));
    if (item.price === 0) problems.add('invalid_value', 'A CFDI concept needs a unit price (ValorUnitario) above 0', at('price'));
    if (lineTaxes.some((t) => t.type === 'IVA' && new Decimal(t.percentage).eq(8))) {
      const why = borderProblem(company);
      if (why) problems.add('invalid_value', `Product ${product.code} carries IVA 8 %, the northern and southern border regions' rate: ${why}`, at('code'));
    }
  });

  const retentions: TaxRow[] = [];
  retentionIds.forEach((id, i) => {
    const path = `retentions[${i}]`;
    const tax = active(md.taxes.get(id), path, 'Tax', id, '/mx/v1/taxes');
    if (!tax) return;
    if (!RETENTION_TYPES.has(tax.type)) return problems.add('invalid_retentions', `Tax ${id} is ${tax.type}; retentions are ReteIVA or ReteISR`, path);
    if (retentions.some((r) => r.type === tax.type)) return problems.add('invalid_retentions', `Two retentions of type ${tax.type}`, path);
    const why = retentionProblem(company, customer, tax, lines);
    if (why) return problems.add('invalid_retentions', why, path);
    retentions.push(tax);
  });
  return { lines, retentions };
}

/** The amounts of a Mexican CFDI's lines (docs/mexico.md) and the rules that need them (no zero tax base, the limits). */
export function computeMxLines(problems: Problems, docType: DocumentTypeRow, items: MxInvoiceBody['items'], lines: MxPlan['lines'], retentions: TaxRow[], totalName: string): MxOut {
  const computed = computeMX({
    discountType: docType.discount_type,
    lines: items.map((item, i) => ({ quantity: item.quantity, price: item.price, discount: item.discount, taxes: lines[i].taxes.map(taxRef) })),
    retentions: retentions.map(taxRef),
  });
  computed.lines.forEach((l, i) => {
    checkLineAmount(problems, new Decimal(items[i].quantity).times(items[i].price), `items[${i}].price`);
    if (new Decimal(l.base).isNegative()) problems.add('invalid_value', `The discount (${l.discount}) is above the line amount (${l.gross})`, `items[${i}].discount`);
    else if (new Decimal(l.base).isZero() && l.taxes.length) {
      if (new Decimal(l.gross).isZero()) problems.add('invalid_value', `quantity × price rounds to 0.00 (Importe): a CFDI tax Base must be above 0 (cfdv40.xsd)`, `items[${i}].price`);
      else problems.add('invalid_value', `The line's tax base would be 0.00 (its discount takes the whole amount); a CFDI tax Base must be above 0 (cfdv40.xsd)`, `items[${i}].discount`);
    }
  });
  if (!problems.has('items')) {
    checkDocumentAmount(problems, computed.subtotal, 'items', 'The subtotal (Σ line amounts)');
    checkDocumentAmount(problems, computed.total, 'items', totalName);
  }
  return computed;
}

/**
 * The invoice's currency: MXN (null), or a c_Moneda code with two decimals (the service's amounts have two),
 * enabled for the company, at the rate sent or configured for the day (checkCurrency, as in Colombia).
 */
export async function checkMxCurrency(q: Queryable, problems: Problems, company: Company, currency: { code: string; exchange_rate?: number } | undefined,
  date: string): Promise<{ code: string; exchange_rate: number } | null> {
  if (!currency || currency.code === 'MXN' || problems.has('currency')) return null;
  const codes = catalogueCodes('c_Moneda');
  if (NOT_A_CURRENCY.has(currency.code) || (codes && !codes.has(currency.code))) {
    problems.add('invalid_currency', `${currency.code} is not a currency of c_Moneda to invoice in`, 'currency.code');
    return null;
  }
  const decimals = CURRENCY_DECIMALS[currency.code] ?? 2;
  if (decimals !== 2) {
    problems.add('invalid_currency', `${currency.code} has ${decimals} decimals in c_Moneda; invoices are in currencies of 2 decimals`, 'currency.code');
    return null;
  }
  return checkCurrency(q, problems, company, currency, date, 'MXN');
}

/** The company as a CFDI reads it: its address's postal code, when it is text. */
function cfdiCompanyOf(company: Company): CfdiCompany {
  const postal = company.address?.postal_code;
  return { ...company, settings: { ...company.settings }, address: { ...company.address, postal_code: typeof postal === 'string' ? postal : undefined } };
}

/** Why the company cannot charge IVA 8 %: it must be enrolled in the border stimulus and issue from a border postal code. */
function borderProblem(company: Company): string | null {
  if (company.settings?.border_stimulus !== true) return 'the company is not enrolled in the border region stimulus (settings.border_stimulus)';
  const place = postalCode(placeOfIssue(cfdiCompanyOf(company)));
  if (place === undefined) return 'the place of issue is not a postal code of c_CodigoPostal';
  if (place && !place.border) return `the place of issue ${place.code} is not a border postal code of c_CodigoPostal (northern or southern border region)`;
  return null;
}

/**
 * Why a retention does not apply: ReteIVA needs a line charging IVA above 0 %; the 1.25 % ISR withholding
 * (RESICO, LISR art. 113-J) needs an issuer persona física in regime 626 and a receiver persona moral.
 */
function retentionProblem(company: Company, customer: CustomerRow | null, tax: TaxRow, lines: MxPlan['lines']): string | null {
  if (tax.type === 'ReteIVA' && !lines.some((l) => l.taxes.some((t) => t.type === 'IVA' && new Decimal(t.percentage).gt(0)))) {
    return 'ReteIVA is withheld from the IVA charged, and no line charges IVA above 0 %';
  }
  if (tax.type === 'ReteISR' && new Decimal(tax.percentage).eq(RESICO_ISR_RATE)) {
    if (company.settings?.tax_regime !== RESICO || rfcPersonType(company.tax_id) !== 'person') {
      return `The ${RESICO_ISR_RATE} % ISR withholding applies to an issuer persona física in regime ${RESICO} (RESICO); the company is ${company.tax_id} in regime ${company.settings?.tax_regime ?? 'none'}`;
    }
    if (customer && rfcPersonType(customer.identification) !== 'company') return `The ${RESICO_ISR_RATE} % ISR withholding is made by a persona moral; ${customer.identification} is a persona física`;
  }
  return null;
}

/** Where a CFDI problem is answered: the request field it comes from. */
const CFDI_PATHS: Record<string, string> = { USO_CFDI: 'use', REGIMEN: 'customer.rfc_id', CODIGO_POSTAL: 'customer.rfc_id', RECEPTOR: 'customer.rfc_id' };

/**
 * The CFDI the invoice would be, built and checked as the stamping provider checks its content
 * (src/countries/mx/sat/rules.ts), before anything is written: one the SAT would refuse is refused here (400).
 * Skipped while the master data lacks what a CFDI needs (creation with stamp.send refuses that earlier).
 */
async function checkCfdi(company: Company, plan: MxPlan, problems: Problems): Promise<void> {
  if (missingCfdiData(company, plan.customer, plan.lines.map((l) => l.product)).length) return;
  const document = mxInvoiceDocument(plan, { id: null, prefix: plan.docType.prefix, number: plan.body.number ?? 1, name: null, now: new Date() });
  const xml = unsealedCfdi({ document, company: cfdiCompanyOf(company), customer: plan.customer,
    products: Object.fromEntries(plan.lines.map((l) => [l.product.code, l.product])) });
  for (const p of (await cfdiContentProblems(xml)).problems) {
    problems.add('invalid_document', `The CFDI would be refused (${p.code}): ${p.message}`, CFDI_PATHS[p.code] ?? (/Concepto/.test(p.message) ? 'items' : 'body'));
  }
  problems.throwIfAny();
}

/** The answer: every request field echoed, the computed amounts, and what happened to stamp and mail. */
export function mxInvoiceDocument(plan: MxDocumentPlan, ids: { id: string | null; prefix: string; number: number | null; name: string | null; now: Date }): MxInvoiceDocument {
  const { body, computed } = plan;
  // A SAT code the master data lacks (a product's keys, a payment condition's c_FormaPago: only stamping requires them)
  // is answered empty, as the answer's schema always wrote it; the document stores what is answered.
  const taxJson = (t: { id: number; name?: string; type: string; percentage: string; value: string; base: string }) =>
    ({ id: t.id, name: t.name, type: t.type, percentage: Number(t.percentage), value: num(t.value), base_value: num(t.base) });
  return {
    ...documentHead(plan.docType, ids),
    date: plan.date,
    customer: { rfc_id: body.customer.rfc_id, branch_office: body.customer.branch_office, name: plan.customer.name.join(' ') },
    seller: body.seller,
    observations: body.observations ?? null,
    use: body.use,
    cost_center: body.cost_center ?? null,
    items: body.items.map((item, i) => {
      const c = computed.lines[i];
      return {
        code: item.code,
        description: plan.lines[i].description,
        quantity: num(item.quantity),
        price: item.price,
        discount: item.discount ?? 0,
        warehouse: item.warehouse ?? null,
        sat_product_key: plan.lines[i].product.sat_product_key ?? '',
        sat_unit_key: plan.lines[i].product.sat_unit_key ?? '',
        subtotal: num(c.gross),
        discount_value: num(c.discount),
        taxes: c.taxes.map(taxJson),
        total: num(c.total),
      };
    }),
    retentions: body.retentions ?? [],
    retention_details: computed.retentions.map(taxJson),
    ...(plan.related.length ? { related: plan.related } : {}),
    ...(plan.global ? { global_information: plan.global } : {}),
    ...(body.exportation && body.exportation !== '01' ? { exportation: body.exportation } : {}),
    ...(plan.currency ? { currency: plan.currency } : {}),
    subtotal: num(computed.subtotal),
    discounts: num(computed.discounts),
    taxes_total: num(computed.taxes),
    withholdings_total: num(computed.retentions.reduce((s, r) => s.plus(r.value), new Decimal(0))),
    /** Deprecated: the same figure as withholdings_total, answered until clients move (README). */
    retentions_total: num(computed.retentions.reduce((s, r) => s.plus(r.value), new Decimal(0))),
    total: num(computed.total),
    balance: body.payment.method === 'PPD' ? num(computed.total) : 0,
    payment: { method: body.payment.method, conditions: { id: body.payment.conditions.id, value: body.payment.conditions.value, due_date: body.payment.conditions.due_date,
      name: plan.condition.name, payment_form: plan.condition.sat_code ?? '' } },
    stamp: { send: body.stamp?.send ?? false, status: 'Draft', uuid: null, errors: null, observations: null },
    mail: { send: body.mail?.send ?? false, status: 'not_sent', observations: null },
    metadata: { created: ids.now.toISOString(), last_updated: ids.now.toISOString() },
    annulled: false,
    cancellation: null,
  };
}

/**
 * The journal entry: revenue, discounts, taxes, retentions, and the payment condition's account. A PPD invoice posts its
 * IVA, IEPS and retentions to their pending accounts (cash basis, src/ledger/accounts.ts); its receipts move them.
 */
export function mxInvoicePostings(plan: MxPlan): Posting[] {
  const c = plan.computed;
  const ppd = plan.body.payment.method === 'PPD';
  const third = plan.body.customer.rfc_id;
  // In pesos: a foreign-currency invoice's amounts at its rate, each rounded; revenue takes the rounding (below).
  const rate = new Decimal(plan.currency?.exchange_rate ?? 1);
  const mxn = (v: Decimal.Value) => new Decimal(v).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const p: Posting[] = [
    { account: plan.condition.account_code, debit: mxn(c.total), description: plan.condition.name, third_party: third },
    { account: MX_LEDGER.revenue, credit: mxn(c.subtotal), description: 'Ventas' },
    { account: MX_LEDGER.discounts, debit: mxn(c.discounts), description: 'Descuentos' },
  ];
  c.lines.forEach((line, i) => line.taxes.forEach((t) => {
    const account = (ppd && mxPendingAccount(t.type)) || plan.lines[i].taxes.find((x) => x.id === t.id)!.account_code;
    p.push({ account, credit: mxn(t.value), description: t.name ?? t.type });
  }));
  c.retentions.forEach((r) => p.push({ account: (ppd && mxPendingAccount(r.type)) || plan.retentions.find((x) => x.id === r.id)!.account_code,
    debit: mxn(r.value), description: r.name ?? r.type, third_party: third }));
  if (!rate.eq(1)) {
    const debits = p.reduce((s, x) => s.plus(x.debit ?? 0), new Decimal(0));
    const credits = p.reduce((s, x) => s.plus(x.credit ?? 0), new Decimal(0));
    p[1] = { ...p[1], credit: new Decimal(p[1].credit!).plus(debits.minus(credits)) };
  }
  return p;
}

export async function storeMxInvoice(q: Queryable, company: Company, plan: MxPlan, meta: { partnerId?: string; applicationId?: string }) {
  const cid = company.company_id;
  const id = crypto.randomUUID();
  const now = new Date();
  const doc = mxInvoiceDocument(plan, { id, prefix: plan.docType.prefix, number: null, name: null, now });
  const ppd = plan.body.payment.method === 'PPD';
  const numbered = await writeInvoice(q, {
    companyId: cid, id, country: company.country, documentTypeId: plan.docType.id, sent: plan.body.number, date: plan.date,
    customerId: plan.customer.id, identification: plan.body.customer.rfc_id, branchOffice: plan.body.customer.branch_office,
    total: doc.total, balance: doc.balance, partnerId: meta.partnerId, applicationId: meta.applicationId, document: doc, now,
    stamp: plan.body.stamp?.send, created: company.webhooks,
  }, ppd ? [{ due_date: plan.body.payment.conditions.due_date, amount: plan.computed.total, account: plan.condition.account_code }] : [], mxInvoicePostings(plan));
  if (!plan.body.stamp?.send) return { ...doc, ...numbered };
  // Stamped after commit, from the outbox (queued with the invoice); Pending until the provider answers.
  return { ...doc, ...numbered, stamp: { ...doc.stamp, status: 'Pending' } };
}
