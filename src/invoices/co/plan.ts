/**
 * The plan of a Colombian sales document (invoice, credit or debit note): every rule of the specification
 * against the company's master data (the lines: ./lines.ts), then the computation and the rules on amounts
 * (./totals.ts). Nothing is written here: ./service.ts stores the plan.
 */
import type { Company } from '../../platform/auth';
import type { Queryable } from '../../platform/db';
import type { Problems } from '../../platform/errors';
import { isBody } from '../../platform/validation';
import { checkCustomerRules, customerBodyOf, type CustomerBody } from '../../catalog/customers';
import { isElectronic, POS_TICKET, type AllowanceChargeRow, type CostCenterRow, type CustomerRow, type DocumentTypeRow, type PaymentTypeRow, type ProductRow, type SellerRow, type TaxRow, type WarehouseRow } from '../../catalog/rows';
import type { CreditLeft, InvoiceOut } from '../compute';
import {
  checkDocumentType, checkCostCenter, checkCurrency, loadMasterData, mustBeActive, notAfterToday, todayIn, type MasterData,
} from '../lookup';
import type { CoInvoiceBody, CoItem } from './schema';
import { planLines, planRetentions } from './lines';
import { computePlan } from './totals';
import { onTestResolution } from '../../countries/co/dian/test-resolution';
import { FINAL_CONSUMER, finalConsumer } from './consumer';
import { country as countryOf, ublAccounts, type UblAccounts } from '../../countries';

/** A Colombian sales document: an invoice (FV), a credit note (NC) or a debit note (ND). */
export type SalesKind = 'FV' | 'NC' | 'ND';
const PAYS_FOR: Record<SalesKind, string> = { FV: 'invoices', NC: 'credit notes', ND: 'debit notes' };

export interface LinePlan { item: CoItem; product: ProductRow; taxes: TaxRow[]; description: string; seller: SellerRow | null; warehouse: WarehouseRow | null;
  /** The line's third party (items.customer); id null: the invoice's own customer. */
  third: { identification: string; branch_office: number; id: number | null } | null; gift: boolean }
/** A request once planned: its customer is known (a POS ticket sent without one names the consumidor final). */
export type PlannedBody = CoInvoiceBody & { customer: NonNullable<CoInvoiceBody['customer']> };

export interface Plan {
  body: PlannedBody;
  docType: DocumentTypeRow;
  customer: CustomerRow | null;   // existing customer
  newCustomer: CustomerBody | null;
  seller: SellerRow;
  costCenter: CostCenterRow | null;
  /** A foreign currency with its rate, or null for the company's own (`local`, its country's). */
  currency: { code: string; exchange_rate: number } | null;
  local: string;
  /** The accounts its postings name by meaning (its country's: src/countries, ledger.ubl). */
  accounts: UblAccounts;
  retentions: TaxRow[];
  lines: LinePlan[];
  payments: { id: number; value: number; due_date: string | null; type: PaymentTypeRow }[];
  discounts: { id?: number; percentage?: number; value?: number; row: AllowanceChargeRow | null }[];
  charges: { id?: number; percentage?: number; value?: number; row: AllowanceChargeRow | null }[];
  computed: InvoiceOut;
}

/**
 * What a plan's stored document is made of (coInvoiceDocument, noteDocument): the plan without the master-data rows it
 * was checked against, only the fields the document reads. A Plan is one; so is a DIAN test-set document's plan, made
 * without a request (src/invoices/co/test-set.ts).
 */
export interface DocumentPlan {
  body: Pick<PlannedBody, 'date' | 'customer' | 'observations' | 'additional_fields' | 'healthcare_company' | 'pos' | 'stamp' | 'mail'>;
  docType: Pick<DocumentTypeRow, 'id' | 'name' | 'discount_type'>;
  customer: Pick<CustomerRow, 'id'> | null;
  seller: Pick<SellerRow, 'id'>;
  costCenter: Pick<CostCenterRow, 'id'> | null;
  currency: Plan['currency'];
  local: string;
  lines: (Pick<LinePlan, 'item' | 'description' | 'third' | 'gift'> & { product: Pick<ProductRow, 'code'>; seller: Pick<SellerRow, 'id'> | null;
    warehouse: Pick<WarehouseRow, 'id' | 'name'> | null })[];
  payments: { id: number; value: number; due_date: string | null; type: Pick<PaymentTypeRow, 'name' | 'due_date'> }[];
  discounts: { id?: number; percentage?: number; row: Pick<AllowanceChargeRow, 'name'> | null }[];
  charges: { id?: number; percentage?: number; row: Pick<AllowanceChargeRow, 'name'> | null }[];
  computed: InvoiceOut;
}

/** What the checks of one request share: the problems found, the company, its master data, the request and its document type. */
export interface PlanContext {
  problems: Problems;
  company: Company;
  md: MasterData;
  active: ReturnType<typeof mustBeActive>;
  body: PlannedBody;
  docType: DocumentTypeRow | null;
  kind: SalesKind;
}

/**
 * Checks a request that passed its JSON schema; returns the plan, or throws 400 with every problem found.
 * `kind`: a credit (NC) or debit (ND) note is checked and computed by the same rules (src/notes/ adds its own);
 * `credit`: what is left to credit on a credit note's invoice, which its taxes and retentions never exceed.
 */
export async function planCoInvoice(q: Queryable, company: Company, sent: CoInvoiceBody, problems: Problems, self?: string, kind: SalesKind = 'FV',
  credit?: Omit<CreditLeft, 'codes'>): Promise<Plan> {
  const cid = company.company_id;
  // The specification's field list spells it adittional_fields: both spellings name the same object (the answer says additional_fields).
  const { adittional_fields: alias, ...body } = sent;
  if (alias !== undefined) {
    if (body.additional_fields !== undefined) problems.add('parameter_not_allowed', 'Send additional_fields or adittional_fields (two spellings of the same object), not both', 'adittional_fields');
    else body.additional_fields = alias;
  }
  const items = body.items ?? [];
  const active = mustBeActive(problems);

  // Master data referenced by the request, a query per table.
  const md = await loadMasterData(q, company, {
    productCodes: items.map((i) => i.code),
    // (Without a customer, the consumidor final's record, which a POS ticket then names: read with the rest.)
    customerIdentifications: [body.customer === undefined ? FINAL_CONSUMER.identification : body.customer?.identification, ...items.map((i) => i.customer?.identification)],
  });
  const { document_types: docTypes, sellers, cost_centers: costCenters } = md;

  const docType = await checkDocumentType(q, problems, company, docTypes, body.document, body.number, kind, `/v1/document-types?type=${kind}`, self);

  checkDate(problems, company, body, docType, kind);
  const pos = checkPos(problems, body, docType);
  const { customer, newCustomer } = await planCustomer(q, problems, company, md, body, pos);
  if (!body.customer) problems.throwIfAny();
  const planned = body as PlannedBody;
  const seller = active(sellers.get(body.seller), 'seller', 'Seller', body.seller, '/v1/users');

  const costCenter = checkCostCenter(problems, company, docType, costCenters, body.cost_center, '/v1/cost-centers');
  const local = countryOf(company.country).currency;
  const currency: Plan['currency'] = await checkCurrency(q, problems, company, body.currency, body.date, local);

  const x: PlanContext = { problems, company, md, active, body: planned, docType, kind };
  const retentions = planRetentions(x);
  const lines = planLines(x);
  const payments = planPayments(x);
  const discounts = planAllowances(x, 'Discount', 'global_discounts');
  const charges = planAllowances(x, 'Charge', 'global_charges');
  checkDocumentSettings(x);
  // Computation, once every reference is known; then the rules on amounts.
  if (!docType) problems.throwIfAny();
  return computePlan(q, cid, problems, { body: planned, docType: docType!, customer, newCustomer, seller: seller!, costCenter, currency, local, accounts: ublAccounts(company.country), retentions, lines, payments, discounts, charges }, self, credit);
}

/** The date: not after today; an electronic type's not before today, within its numbering resolution (with the number sent). */
function checkDate(problems: Problems, company: Company, body: CoInvoiceBody, docType: DocumentTypeRow | null, kind: SalesKind): void {
  const electronic = isElectronic(docType);
  notAfterToday(problems, body.date, company.time_zone, kind === 'NC' ? 'A credit note' : kind === 'ND' ? 'A debit note' : 'An invoice');
  if (electronic && !problems.has('date')) {
    const today = todayIn(company.time_zone);
    if (body.date < today) problems.add('invalid_date', `An electronic invoice cannot be dated before today (${today}, ${company.time_zone})`, 'date');
    const r = docType!.resolution;
    if (onTestResolution(r) && company.settings?.dian?.environment === '1') {
      problems.add('invalid_dian_resolution', `Document type ${docType!.id} numbers on the DIAN's test resolution ${r!.number} (prefix ${r!.prefix}), which serves habilitación only; `
        + 'the company issues in production (settings.dian.environment 1): give the type the numbering resolution the DIAN authorized for the company', 'document.id');
    }
    if (r && (body.date < r.valid_from || body.date > r.valid_to)) {
      problems.add('invalid_dian_resolution', `The date is outside the validity of resolution ${r.number} (${r.valid_from} to ${r.valid_to})`, 'date');
    }
    if (r && body.number !== undefined && (body.number < r.from || body.number > r.to)) {
      problems.add('invalid_dian_resolution', `Number ${body.number} is outside resolution ${r.number} (${r.from} to ${r.to})`, 'number');
    }
  }
}

/** A POS ticket's point of sale: required on a POS ticket type (the annex's InformacionCajaVenta), refused on any other; whether the type is one. */
function checkPos(problems: Problems, body: CoInvoiceBody, docType: DocumentTypeRow | null): boolean {
  const pos = docType?.electronic_type === POS_TICKET;
  if (pos && body.pos === undefined) {
    problems.add('parameter_required', `Document type ${docType!.id} issues POS tickets: send pos {cash_register: {plate, type}, location, cashier, sale_code}, the point of sale the DIAN asks for`, 'pos');
  } else if (!pos && docType && body.pos !== undefined) {
    problems.add('parameter_not_allowed', `Document type ${docType.id} does not issue POS tickets (electronic_type ${docType.electronic_type}): send no pos`, 'pos');
  }
  return pos;
}

/**
 * The customer: a reference to an active one, or a full record to create (checked by the customer's own rules); a POS
 * ticket sent without one names the consumidor final (./consumer.ts), whose reference is then put in the body.
 */
async function planCustomer(q: Queryable, problems: Problems, company: Company, md: MasterData, body: CoInvoiceBody, pos: boolean):
  Promise<Pick<Plan, 'customer' | 'newCustomer'>> {
  const cid = company.company_id;
  const active = mustBeActive(problems);
  let customer: CustomerRow | null = null;
  let newCustomer: CustomerBody | null = null;
  if (body.customer === undefined) {
    if (!pos) {
      problems.add('parameter_required', 'customer is required (only a POS ticket may leave it out: its buyer is then the consumidor final, 222222222222)', 'customer');
      return { customer, newCustomer };
    }
    customer = md.customers.find((x) => x.identification === FINAL_CONSUMER.identification && x.branch_office === FINAL_CONSUMER.branch_office)
      ?? await finalConsumer(q, company);
    body.customer = { identification: customer.identification, branch_office: customer.branch_office };
    return { customer, newCustomer };
  }
  const c = body.customer as Record<string, unknown>;
  if ('person_type' in c || 'name' in c) {
    const before = problems.items.length;
    if (isBody(customerBodyOf(company.country), c, problems, 'customer', true)) {
      await checkCustomerRules(q, cid, company.country, c, problems, 'customer');
      if (problems.items.length === before) newCustomer = c;
    }
  } else if (!problems.has('customer')) {
    // A reference takes only its own fields (and the id an answer's customer carries); a full record has person_type and name.
    for (const k of Object.keys(c)) {
      if (!['identification', 'branch_office', 'id'].includes(k)) problems.add('parameter_not_allowed', `customer.${k} is not a field of a customer reference; a customer to create needs person_type and name`, `customer.${k}`);
    }
    const ref = body.customer;
    const row = md.customers.find((x) => x.identification === ref.identification && x.branch_office === ref.branch_office);
    customer = active(row, 'customer.identification', 'Customer', `${ref.identification} (branch office ${ref.branch_office})`, '/v1/customers');
  }
  return { customer, newCustomer };
}

/** The payments: types of this kind of document, at most one on credit, which needs its due date (a credit note's none). */
function planPayments({ problems, active, md: { payment_types: paymentTypes }, body, kind }: PlanContext): Plan['payments'] {
  const payments: Plan['payments'] = [];
  let dueTypes = 0;
  (body.payments ?? []).forEach((p, i) => {
    const type = active(paymentTypes.get(p.id), `payments[${i}].id`, 'Payment type', p.id, `/v1/payment-types?document_type=${kind}`);
    if (!type) return;
    if (type.document_type !== kind) return problems.add('invalid_payment', `Payment type ${p.id} is for ${type.document_type === 'RC' ? 'cash receipts' : PAYS_FOR[type.document_type]}, not ${PAYS_FOR[kind]}`, `payments[${i}].id`);
    if (type.due_date && kind === 'NC') {
      // A credit note settled on credit lowers what the invoice still owes (src/notes/service.ts): no due date of its own.
      if (p.due_date !== undefined) problems.add('parameter_not_allowed', `Payment type ${p.id} settles the credit against what the invoice still owes: it takes no due_date`, `payments[${i}].due_date`);
    } else if (type.due_date) {
      dueTypes++;
      if (dueTypes > 1) problems.add('invalid_payment', 'Only one payment with a due date (credit) is allowed', `payments[${i}].id`);
      if (p.due_date === undefined) problems.add('parameter_required', `Payment type ${p.id} is credit: send its due_date`, `payments[${i}].due_date`);
      else if (!problems.has('date') && p.due_date < body.date) problems.add('invalid_date', 'The due date cannot be before the invoice date', `payments[${i}].due_date`);
    }
    payments.push({ id: p.id, value: p.value, due_date: type.due_date ? p.due_date ?? null : null, type });
  });
  return payments;
}

/** The global discounts or charges: a reference to the company's own (of that kind), with a percentage or a value. */
function planAllowances({ problems, active, md: { allowance_charges: allowances }, body }: PlanContext, kind: 'Discount' | 'Charge',
  field: 'global_discounts' | 'global_charges'): Plan['discounts'] {
  return (body[field] ?? []).map((a, i) => {
    let row: AllowanceChargeRow | null = null;
    if (a.id !== undefined) {
      row = active(allowances.get(a.id), `${field}[${i}].id`, kind === 'Discount' ? 'Global discount' : 'Global charge', a.id, `/v1/${field.replace('_', '-')}`);
      if (row && row.kind !== kind) { problems.add('invalid_reference', `${a.id} is a global ${row.kind.toLowerCase()}, not a ${kind.toLowerCase()}`, `${field}[${i}].id`); row = null; }
    }
    if (a.percentage === undefined && a.value === undefined) problems.add('parameter_required', 'Send percentage or value', `${field}[${i}].percentage`);
    return { ...a, row };
  });
}

/** The fields only some document types take (healthcare, stamp.send, advance payment), and the billing period's order. */
function checkDocumentSettings({ problems, body, docType }: PlanContext): void {
  if (body.healthcare_company !== undefined && docType && !docType.healthcare_company) {
    problems.add('document_settings', `Document type ${docType.id} is not for healthcare (healthcare_company is false)`, 'healthcare_company');
  }
  const period = body.healthcare_company;
  if (period?.period_start !== undefined && period.period_end !== undefined && !problems.has('healthcare_company')
    && period.period_end < period.period_start) {
    problems.add('invalid_date', `The billing period ends (${period.period_end}) before it starts (${period.period_start})`, 'healthcare_company.period_end', `not before ${period.period_start}`);
  }
  if (body.stamp?.send && docType && !isElectronic(docType)) {
    problems.add('document_settings', `Document type ${docType.id} is not electronic: it is not sent to the DIAN (stamp.send must be false)`, 'stamp.send');
  }
  if (body.advance_payment !== undefined && docType && !docType.advance_payment) {
    problems.add('document_settings', `Document type ${docType.id} does not take advance payments`, 'advance_payment');
  }
}
