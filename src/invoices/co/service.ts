/**
 * The Colombian invoice: every rule of the specification against the
 * company's master data, then the computation (../compute), then one
 * transaction that numbers it, stores it with its due items and posts its
 * journal entry.
 */
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import type { Company } from '../../platform/auth';
import type { Queryable } from '../../platform/db';
import { DomainError, Problems } from '../../platform/errors';
import { checkBody } from '../../platform/validation';
import { checkCustomerRules, CoCustomerBody, insertCustomer, type CustomerBody } from '../../catalog/customers';
import { computeCO, type CreditLeft, type InvoiceOut, type TaxRef } from '../compute';
import { postEntry, reverseEntry, type Posting } from '../../ledger/journal';
import { CO_ADVANCES_GROUP, CO_LEDGER } from '../../ledger/accounts';
import { checkDocumentAmount, checkLedgerAmounts, checkLineAmount } from '../../ledger/limits';
import { advanceBalance, advanceTaken, lockAdvanceBalance } from '../../ledger/advances';
import { notFound } from '../../platform/errors';
import { canEdit, enforce, lockInvoice, replaceInvoice, requestStamp, writeInvoice, type DueRecord } from '../kernel';
import { checkDocumentType, checkCostCenter, checkWarehouse, checkCurrency, lineDescription, loadMasterData, mustBeActive, notAfterToday, todayIn, type Row } from '../lookup';
import type { CoInvoiceBody, CoInvoiceDocument, CoItem } from './schema';
import { num } from '../../platform/money';

const RETENTION_TYPES = new Set(['ReteIVA', 'ReteICA', 'Autorretencion']);

/** A Colombian sales document: an invoice (FV), a credit note (NC) or a debit note (ND). */
export type SalesKind = 'FV' | 'NC' | 'ND';
const PAYS_FOR: Record<SalesKind, string> = { FV: 'invoices', NC: 'credit notes', ND: 'debit notes' };

export interface LinePlan { item: CoItem; product: Row; taxes: Row[]; description: string; seller: Row | null; warehouse: Row | null;
  /** The line's third party (items.customer); id null: the invoice's own customer. */
  third: { identification: string; branch_office: number; id: number | null } | null; gift: boolean }
export interface Plan {
  body: CoInvoiceBody;
  docType: Row;
  customer: Row | null;           // existing customer
  newCustomer: CustomerBody | null;
  seller: Row;
  costCenter: Row | null;
  currency: { code: string; exchange_rate: number } | null;
  retentions: Row[];
  lines: LinePlan[];
  payments: { id: number; value: number; due_date: string | null; type: Row }[];
  discounts: { id?: number; percentage?: number; value?: number; row: Row | null }[];
  charges: { id?: number; percentage?: number; value?: number; row: Row | null }[];
  computed: InvoiceOut;
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
    customerIdentifications: [body.customer?.identification, ...items.map((i) => i.customer?.identification)],
  });
  const { document_types: docTypes, sellers, cost_centers: costCenters, warehouses, taxes, payment_types: paymentTypes, allowance_charges: allowances, products } = md;

  const docType = await checkDocumentType(q, problems, company, docTypes, body.document, body.number, kind, `/v1/document-types?type=${kind}`, self);
  const electronic = docType?.electronic_type === 'ElectronicInvoice';

  // Date, and the numbering resolution of electronic types.
  notAfterToday(problems, body.date, company.time_zone, kind === 'NC' ? 'A credit note' : kind === 'ND' ? 'A debit note' : 'An invoice');
  if (electronic && !problems.has('date')) {
    const today = todayIn(company.time_zone);
    if (body.date < today) problems.add('invalid_date', `An electronic invoice cannot be dated before today (${today}, ${company.time_zone})`, 'date');
    const r = docType!.resolution;
    if (r && (body.date < r.valid_from || body.date > r.valid_to)) {
      problems.add('invalid_dian_resolution', `The date is outside the validity of resolution ${r.number} (${r.valid_from} to ${r.valid_to})`, 'date');
    }
    if (r && body.number !== undefined && (body.number < r.from || body.number > r.to)) {
      problems.add('invalid_dian_resolution', `Number ${body.number} is outside resolution ${r.number} (${r.from} to ${r.to})`, 'number');
    }
  }

  // Customer: a reference, or a full record to create.
  let customer: Row | null = null;
  let newCustomer: CustomerBody | null = null;
  const c = body.customer as Record<string, unknown>;
  if ('person_type' in c || 'name' in c) {
    const before = problems.items.length;
    if (checkBody(CoCustomerBody, c, problems, 'customer', true)) {
      await checkCustomerRules(q, cid, 'CO', c as unknown as CustomerBody, problems, 'customer');
    }
    if (problems.items.length === before) newCustomer = c as unknown as CustomerBody;
  } else if (!problems.has('customer')) {
    // A reference takes only its own fields (and the id an answer's customer carries); a full record has person_type and name.
    for (const k of Object.keys(c)) {
      if (!['identification', 'branch_office', 'id'].includes(k)) problems.add('parameter_not_allowed', `customer.${k} is not a field of a customer reference; a customer to create needs person_type and name`, `customer.${k}`);
    }
    const row = md.customers.find((x) => x.identification === body.customer.identification && x.branch_office === body.customer.branch_office);
    customer = active(row, 'customer.identification', 'Customer', `${body.customer.identification} (branch office ${body.customer.branch_office})`, '/v1/customers');
  }

  const seller = active(sellers.get(body.seller), 'seller', 'Seller', body.seller, '/v1/users');

  const costCenter = checkCostCenter(problems, company, docType, costCenters, body.cost_center, '/v1/cost-centers');
  const currency: Plan['currency'] = await checkCurrency(q, problems, company, body.currency, body.date);

  // Retentions at invoice level.
  const retentions: Row[] = [];
  const retentionTypes = new Set<string>();
  (body.retentions ?? []).forEach((r, i) => {
    const path = `retentions[${i}].id`;
    const tax = active(taxes.get(r.id), path, 'Tax', r.id, '/v1/taxes');
    if (!tax) return;
    if (!RETENTION_TYPES.has(tax.type)) return problems.add('invalid_retentions', `Tax ${r.id} is ${tax.type}; retentions are ReteIVA, ReteICA or Autorretencion`, path);
    if (retentionTypes.has(tax.type)) return problems.add('invalid_retentions', `Two retentions of type ${tax.type}`, path);
    const allowedBy = { ReteIVA: 'reteiva', ReteICA: 'reteica', Autorretencion: 'self_withholding' }[tax.type as 'ReteIVA'];
    if (docType && !docType[allowedBy]) return problems.add('document_settings', `Document type ${docType.id} does not allow ${tax.type} (${allowedBy} is false)`, path);
    retentionTypes.add(tax.type);
    retentions.push(tax);
  });

  // Lines.
  const lines: LinePlan[] = [];
  items.forEach((item, i) => {
    const at = (f: string) => `items[${i}].${f}`;
    const product = active(products.get(item.code), at('code'), 'Product', item.code, '/v1/products');
    if (item.price === undefined && item.taxed_price === undefined) problems.add('parameter_required', 'Send price (or taxed_price)', at('price'));
    const gift = item.taxed_price === undefined && item.price === 0;
    if (gift) {
      if (item.tax_base === undefined) problems.add('parameter_required', 'A gift line (price 0) needs tax_base', at('tax_base'));
      if (item.taxpayer === undefined) problems.add('parameter_required', 'A gift line (price 0) needs taxpayer (Customer or Company)', at('taxpayer'));
    }
    if (item.discount !== undefined && docType?.discount_type === 'Percentage' && item.discount > 100) {
      problems.add('invalid_value', 'A percentage discount is at most 100', at('discount'));
    }
    let seller: Row | null = null;
    if (item.seller !== undefined) seller = active(sellers.get(item.seller), at('seller'), 'Seller', item.seller, '/v1/users');
    else if (docType?.seller_by_item) problems.add('parameter_required', `Document type ${docType.id} has a seller per line: send items[${i}].seller`, at('seller'));
    else if (company.settings.seller_by_item) problems.add('parameter_required', `The company has a seller per line (settings.seller_by_item): send items[${i}].seller`, at('seller'));
    const warehouse = checkWarehouse(problems, company, warehouses, item.warehouse, at('warehouse'), '/v1/warehouses');
    let third: LinePlan['third'] = null;
    if (item.customer !== undefined) {
      if (docType && !docType.customer_by_item) problems.add('document_settings', `Document type ${docType.id} does not take a third party per line (customer_by_item is false)`, at('customer'));
      else if (!problems.has(at('customer')) && !problems.has('customer')) {
        // Without identification, the invoice's main customer's (specification), at the branch office sent.
        const identification = item.customer.identification ?? body.customer.identification;
        const branch = item.customer.branch_office;
        if (identification === body.customer.identification && branch === body.customer.branch_office) third = { identification, branch_office: branch, id: null };
        else {
          const row = md.customers.find((t) => t.identification === identification && t.branch_office === branch);
          const path = at(item.customer.identification !== undefined ? 'customer.identification' : 'customer.branch_office');
          const found = active(row, path, 'Third party', `${identification} (branch office ${branch})`, '/v1/customers');
          if (found) third = { identification, branch_office: branch, id: found.id };
        }
      }
    }
    if (item.transport !== undefined && docType && !docType.cargo_transportation) {
      problems.add('document_settings', `Document type ${docType.id} is not for cargo transport (cargo_transportation is false)`, at('transport'));
    }
    // Taxes: those sent, else the product's own.
    const lineTaxes: Row[] = [];
    const sent = item.taxes;
    const ids = sent ? sent.map((t) => t.id) : (product?.tax_ids as number[] | undefined) ?? [];
    const seen = new Set<string>();
    ids.forEach((id, j) => {
      const path = sent ? at(`taxes[${j}].id`) : at('code');
      const tax = sent ? active(taxes.get(id), path, 'Tax', id, '/v1/taxes') : taxes.get(id) ?? null;
      if (!tax) return;
      if (RETENTION_TYPES.has(tax.type)) return problems.add('parameter_not_allowed', `${tax.type} is not a line tax; send it in retentions`, path);
      if (seen.has(tax.type)) return problems.add('invalid_array', `Two taxes of type ${tax.type} on one line`, at('taxes'));
      seen.add(tax.type);
      lineTaxes.push(tax);
    });
    const description = lineDescription(problems, company, item.description, product, at('description'));
    if (product) lines.push({ item, product, taxes: lineTaxes, description, seller, warehouse, third, gift });
  });

  // Payments.
  const payments: Plan['payments'] = [];
  let dueTypes = 0;
  (body.payments ?? []).forEach((p, i) => {
    const type = active(paymentTypes.get(p.id), `payments[${i}].id`, 'Payment type', p.id, `/v1/payment-types?document_type=${kind}`);
    if (!type) return;
    if (type.document_type !== kind) return problems.add('invalid_payment', `Payment type ${p.id} is for ${PAYS_FOR[type.document_type as SalesKind] ?? 'cash receipts'}, not ${PAYS_FOR[kind]}`, `payments[${i}].id`);
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

  // Global discounts and charges.
  const allowance = (kind: 'Discount' | 'Charge', field: 'global_discounts' | 'global_charges') =>
    (body[field] ?? []).map((a, i) => {
      let row: Row | null = null;
      if (a.id !== undefined) {
        row = active(allowances.get(a.id), `${field}[${i}].id`, kind === 'Discount' ? 'Global discount' : 'Global charge', a.id, `/v1/${field.replace('_', '-')}`);
        if (row && row.kind !== kind) { problems.add('invalid_reference', `${a.id} is a global ${row.kind.toLowerCase()}, not a ${kind.toLowerCase()}`, `${field}[${i}].id`); row = null; }
      }
      if (a.percentage === undefined && a.value === undefined) problems.add('parameter_required', 'Send percentage or value', `${field}[${i}].percentage`);
      return { ...a, row };
    });
  const discounts = allowance('Discount', 'global_discounts');
  const charges = allowance('Charge', 'global_charges');

  if (body.healthcare_company !== undefined && docType && !docType.healthcare_company) {
    problems.add('document_settings', `Document type ${docType.id} is not for healthcare (healthcare_company is false)`, 'healthcare_company');
  }
  const period = body.healthcare_company;
  if (period?.period_start !== undefined && period.period_end !== undefined && !problems.has('healthcare_company')
    && period.period_end < period.period_start) {
    problems.add('invalid_date', `The billing period ends (${period.period_end}) before it starts (${period.period_start})`, 'healthcare_company.period_end', `not before ${period.period_start}`);
  }
  if (body.stamp?.send && docType && docType.electronic_type !== 'ElectronicInvoice') {
    problems.add('document_settings', `Document type ${docType.id} is not electronic: it is not sent to the DIAN (stamp.send must be false)`, 'stamp.send');
  }
  if (body.advance_payment !== undefined && docType && !docType.advance_payment) {
    problems.add('document_settings', `Document type ${docType.id} does not take advance payments`, 'advance_payment');
  }

  // Computation, once every reference is known; then the rules on amounts.
  const linesOk = lines.length === items.length && !items.some((_, i) => problems.has(`items[${i}]`));
  if (!linesOk || !docType) problems.throwIfAny();
  const computed = computeCO({
    discountType: docType!.discount_type,
    lines: lines.map((l) => ({
      quantity: l.item.quantity, price: l.item.price, taxed_price: l.item.taxed_price, discount: l.item.discount,
      taxes: l.taxes.map(taxRef),
      gift: l.gift ? { tax_base: l.item.tax_base ?? 0, taxpayer: l.item.taxpayer ?? 'Customer' } : undefined,
    })),
    retentions: retentions.map(taxRef),
    globalDiscounts: discounts.map((d, i) => ({ id: d.id ?? -(i + 1), percentage: d.percentage, value: d.value })),
    globalCharges: charges.map((d, i) => ({ id: d.id ?? -(i + 1), percentage: d.percentage, value: d.value })),
    advancePayment: body.advance_payment,
    credit: credit && { ...credit, codes: lines.map((l) => l.product.code) },
  });
  computed.lines.forEach((l, i) => {
    checkLineAmount(problems, l.gross, `items[${i}].${lines[i].item.taxed_price !== undefined ? 'taxed_price' : 'price'}`);
    if (new Decimal(l.discount).gt(l.gross)) problems.add('invalid_value', `The discount (${l.discount}) is above the line amount (${new Decimal(l.gross).toFixed(2)})`, `items[${i}].discount`);
  });
  if (!problems.has('items')) {
    checkDocumentAmount(problems, computed.subtotal, 'items', 'The subtotal (Σ line bases)');
    checkDocumentAmount(problems, computed.total, 'items', 'The invoice total');
  }
  // Amount rules only mean something once every amount and reference is right.
  if (!problems.empty) problems.throwIfAny();
  payableRules(problems, body, computed);
  problems.throwIfAny();
  const plan: Plan = { body, docType: docType!, customer, newCustomer, seller: seller!, costCenter, currency, retentions, lines, payments, discounts, charges, computed };
  checkLedgerAmounts(problems, coInvoicePostings(plan), currency, 'items');
  const needed = advanceOf(plan);
  if (problems.empty && needed.gt(0)) {
    // The customer's unapplied advances, without this invoice's own entries (an update gives its advance back first).
    const balance = await advanceBalance(q, cid, CO_ADVANCES_GROUP, body.customer.identification, self);
    if (needed.gt(balance)) problems.add('invalid_value', advanceMessage(plan, needed, balance), 'advance_payment', `at most ${balance.toFixed(2)} COP`);
  }
  const paid = (body.payments ?? []).reduce((s, p) => s.plus(p.value), new Decimal(0));
  if (problems.empty && !paid.eq(computed.payable)) {
    problems.add('invalid_total_payments', `The sum of payments (${paid.toFixed(2)}) must equal the amount payable (${computed.payable})`, 'payments', `expected ${computed.payable}`);
  }
  problems.throwIfAny();
  return plan;
}

/**
 * What the customer pays can never be negative: the global discounts take off
 * at most the subtotal (Σ line bases); the withholdings and the advance payment
 * at most the total. Each excess is refused on the field that causes it.
 */
function payableRules(problems: Problems, body: CoInvoiceBody, computed: InvoiceOut): void {
  const subtotal = new Decimal(computed.subtotal);
  const sent = body.global_discounts ?? [];
  const discountPath = (i: number) => `global_discounts[${i}].${sent[i].percentage !== undefined ? 'percentage' : 'value'}`;
  let taken = new Decimal(0);
  computed.global_discounts.forEach((d, i) => {
    const room = subtotal.minus(taken);
    taken = taken.plus(d.value);
    if (taken.gt(subtotal)) {
      problems.add('invalid_value', `The global discounts (${taken.toFixed(2)} with this one, ${d.value}) are above the subtotal (${subtotal.toFixed(2)}), the most they can take off: this one can be at most ${Decimal.max(room, 0).toFixed(2)}`,
        discountPath(i), `at most ${Decimal.max(room, 0).toFixed(2)}`);
    }
  });
  if (!problems.empty) return;
  const total = new Decimal(computed.total);
  const withholdings = new Decimal(computed.withholdings);
  const owed = total.minus(withholdings);
  if (owed.isNegative()) {
    // The withholdings are computed on the line bases: only global discounts bring the total under them.
    const most = taken.plus(owed);
    problems.add('invalid_value', `The invoice total (${total.toFixed(2)}) is below the withholdings (${withholdings.toFixed(2)}, computed on the line bases), so the amount payable would be negative: ` +
      (sent.length ? `the global discounts can add up to at most ${most.toFixed(2)}` : 'the retentions are larger than what is invoiced'),
      sent.length ? discountPath(sent.length - 1) : 'retentions', sent.length ? `at most ${most.toFixed(2)}` : undefined);
    return;
  }
  const advance = new Decimal(computed.advance_payment);
  if (advance.gt(owed)) {
    problems.add('invalid_value', `The advance payment (${advance.toFixed(2)}) is above what the customer owes after withholdings: the total (${total.toFixed(2)}) less the withholdings (${withholdings.toFixed(2)}) = ${owed.toFixed(2)}, the most it can be`,
      'advance_payment', `at most ${owed.toFixed(2)}`);
  }
}

/** The advance the invoice applies, in pesos as posted. */
const advanceOf = (plan: Plan) => advanceTaken(coInvoicePostings(plan), CO_ADVANCES_GROUP, plan.body.customer.identification);

function advanceMessage(plan: Plan, needed: Decimal, balance: Decimal): string {
  const c = plan.currency;
  const applied = c ? `${plan.computed.advance_payment} ${c.code} = ${needed.toFixed(2)} COP at ${c.exchange_rate}` : needed.toFixed(2);
  return `The advance payment (${applied}) is above the unapplied advances of customer ${plan.body.customer.identification} (${balance.toFixed(2)} COP: ` +
    'received with AdvancePayment vouchers, less what invoices already applied; see advance_balance on GET /v1/customers/{id})';
}

/**
 * In the writing transaction: locks the customer's advances and checks the
 * advance again, so that two invoices cannot both spend the same money.
 */
async function applyAdvance(q: Queryable, cid: number, plan: Plan): Promise<void> {
  const needed = advanceOf(plan);
  if (!needed.gt(0)) return;
  const balance = await lockAdvanceBalance(q, cid, CO_ADVANCES_GROUP, plan.body.customer.identification);
  if (needed.gt(balance)) throw new DomainError('invalid_value', `${advanceMessage(plan, needed, balance)}; another document applied them first`, 'advance_payment', `at most ${balance.toFixed(2)} COP`);
}

const taxRef = (t: Row): TaxRef => ({ id: t.id, name: t.name, type: t.type, percentage: t.percentage });

const idText = (id: number | null) => (id === null ? null : String(id));

/** The answer's shape (specification: "Response of variant CO"), from the plan and its computation. */
export function coInvoiceDocument(plan: Plan, ids: { id: string | null; prefix: string; number: number | null; name: string | null; customerId: number | null; now: Date }): CoInvoiceDocument {
  const { body, computed } = plan;
  const credit = plan.payments.filter((p) => p.type.due_date).reduce((s, p) => s.plus(p.value), new Decimal(0));
  const allowanceJson = (list: Plan['discounts'], out: InvoiceOut['global_discounts'], fallback: string) => list.map((a, i) => ({
    id: a.id ?? null, name: a.row?.name ?? fallback, percentage: a.percentage ?? null, value: num(out[i].value),
  }));
  return {
    id: ids.id,
    document: { id: plan.docType.id, name: plan.docType.name },
    prefix: ids.prefix,
    number: ids.number,
    name: ids.name,
    date: body.date,
    customer: { id: idText(ids.customerId), identification: body.customer.identification, branch_office: body.customer.branch_office },
    cost_center: plan.costCenter?.id ?? null,
    currency: plan.currency ?? { code: 'COP', exchange_rate: 1 },
    seller: plan.seller.id,
    retentions: computed.retentions.map((r) => ({ id: r.id, name: r.name, type: r.type, percentage: Number(r.percentage), value: num(r.value), base_value: num(r.base) })),
    advance_payment: num(computed.advance_payment),
    subtotal: num(computed.subtotal),
    taxes_total: num(computed.charges),
    withholdings_total: num(computed.withholdings),
    total: num(computed.total),
    amount_payable: num(computed.payable),
    balance: num(credit),
    observations: body.observations ?? null,
    items: plan.lines.map((l, i) => {
      const c = computed.lines[i];
      const gross = new Decimal(c.gross);
      const percentage = plan.docType.discount_type === 'Percentage' ? (l.item.discount ?? 0)
        : gross.isZero() ? 0 : num(new Decimal(c.discount).div(gross).times(100));
      return {
        id: ids.id ? `${ids.id}-${i + 1}` : null,
        code: l.product.code,
        quantity: l.item.quantity,
        price: Number(c.price),
        seller: l.seller?.id ?? null,
        description: l.description,
        discount: { percentage, value: num(c.discount) },
        taxes: c.taxes.map((t) => ({ id: t.id, name: t.name, type: t.type, percentage: Number(t.percentage), value: num(t.value), base_value: num(t.base) })),
        warehouse: l.warehouse ? { id: l.warehouse.id, name: l.warehouse.name } : null,
        customer: l.third ? { id: idText(l.third.id ?? ids.customerId), identification: l.third.identification, branch_office: l.third.branch_office } : undefined,
        ...(l.gift ? { tax_base: l.item.tax_base, taxpayer: l.item.taxpayer } : {}),
        ...(l.item.transport ? { transport: l.item.transport } : {}),
        total: num(c.total),
      };
    }),
    global_discounts: allowanceJson(plan.discounts, computed.global_discounts, 'Descuento global'),
    global_charges: allowanceJson(plan.charges, computed.global_charges, 'Cargo global'),
    payments: plan.payments.map((p) => ({ id: p.id, name: p.type.name, value: p.value, due_date: p.due_date })),
    additional_fields: body.additional_fields ?? null,
    ...(body.healthcare_company ? { healthcare_company: body.healthcare_company } : {}),
    stamp: { send: body.stamp?.send ?? false, status: 'Draft', cufe: null, cude: null, observations: null, errors: null },
    mail: { send: body.mail?.send ?? false, status: 'not_sent', observations: null },
    metadata: { created: ids.now.toISOString(), last_updated: ids.now.toISOString(), stock_updated: null },
    annulled: false,
    // No note corrects it yet (a read lists them: src/invoices/routes.ts).
    credit_notes: [], debit_notes: [], creditable: num(computed.total),
  };
}

/** The journal entry of an invoice (Colombian PUC), in pesos; the accounts are the master data's and those of src/ledger/accounts.ts. */
export function coInvoicePostings(plan: Plan): Posting[] {
  const c = plan.computed;
  const rate = new Decimal(plan.currency?.exchange_rate ?? 1);
  const cop = (v: Decimal.Value) => new Decimal(v).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const third = plan.body.customer.identification;
  const p: Posting[] = [];
  for (const pay of plan.payments) p.push({ account: pay.type.account_code, debit: cop(pay.value), description: pay.type.name, third_party: third });
  if (!new Decimal(c.advance_payment).isZero()) p.push({ account: CO_LEDGER.customerAdvances, debit: cop(c.advance_payment), description: 'Anticipo aplicado', third_party: third });
  c.lines.forEach((line, i) => {
    for (const t of line.taxes) {
      const account = plan.lines[i].taxes.find((x) => x.id === t.id)!.account_code;
      if (t.withholding) p.push({ account, debit: cop(t.value), description: t.name ?? t.type, third_party: third });
      else p.push({ account, credit: cop(t.value), description: t.name ?? t.type });
    }
    if (!new Decimal(line.borne_by_company).isZero()) p.push({ account: CO_LEDGER.discountsExpense, debit: cop(line.borne_by_company), description: 'Impuestos de obsequios asumidos' });
  });
  for (const r of c.retentions) {
    const account = plan.retentions.find((x) => x.id === r.id)!.account_code;
    if (r.type === 'Autorretencion') {
      p.push({ account: CO_LEDGER.withholdingAdvance, debit: cop(r.value), description: r.name ?? r.type });
      p.push({ account, credit: cop(r.value), description: r.name ?? r.type });
    } else {
      p.push({ account, debit: cop(r.value), description: r.name ?? r.type, third_party: third });
    }
  }
  c.global_discounts.forEach((d, i) => p.push({ account: plan.discounts[i].row?.account_code ?? CO_LEDGER.discountsExpense, debit: cop(d.value), description: 'Descuento global' }));
  c.global_charges.forEach((d, i) => p.push({ account: plan.charges[i].row?.account_code ?? CO_LEDGER.chargesIncome, credit: cop(d.value), description: 'Cargo global' }));
  // Revenue takes what is left, so that rounding of a foreign-currency conversion cannot unbalance the entry.
  const debits = p.reduce((s, x) => s.plus(x.debit ?? 0), new Decimal(0));
  const credits = p.reduce((s, x) => s.plus(x.credit ?? 0), new Decimal(0));
  p.push({ account: CO_LEDGER.revenue, credit: debits.minus(credits), description: 'Ventas' });
  return p;
}

/**
 * storeCoInvoice writes the plan with writeInvoice's one statement and nothing else: no new customer
 * to insert and no advance to lock and check again (those need the transaction around them).
 */
export const coStoredInOneStatement = (plan: Plan): boolean => !plan.newCustomer && !advanceOf(plan).gt(0);

/** Writes the invoice: number, customer (if new), document, due items, journal entry. */
export async function storeCoInvoice(q: Queryable, company: Company, plan: Plan, meta: { partnerId?: string }) {
  const cid = company.company_id;
  const id = crypto.randomUUID();
  const customerId = plan.newCustomer ? Number((await insertCustomer(q, cid, 'CO', plan.newCustomer)).id) : plan.customer!.id;
  const now = new Date();
  const doc = coInvoiceDocument(plan, { id, prefix: plan.docType.prefix, number: null, name: null, customerId, now });
  await applyAdvance(q, cid, plan);
  const numbered = await writeInvoice(q, {
    companyId: cid, id, country: 'CO', documentTypeId: plan.docType.id, sent: plan.body.number, date: plan.body.date,
    customerId, identification: plan.body.customer.identification, branchOffice: plan.body.customer.branch_office,
    total: doc.total, balance: doc.balance, partnerId: meta.partnerId, document: doc, now, stamp: plan.body.stamp?.send,
  }, dueRecords(plan), coInvoicePostings(plan));
  return pendingIfAsked(plan, { ...doc, ...numbered });
}

/** The credit installments of the plan, as the kernel stores them. */
const dueRecords = (plan: Plan): DueRecord[] =>
  plan.payments.filter((x) => x.type.due_date).map((p) => ({ due_date: p.due_date!, amount: new Decimal(p.value).toFixed(2), account: p.type.account_code }));

/** With stamp.send, the invoice goes to the DIAN after commit, from the outbox; Pending until it answers. */
function pendingIfAsked<D extends { stamp: object }>(plan: Plan, doc: D): D {
  return plan.body.stamp?.send ? { ...doc, stamp: { ...doc.stamp, status: 'Pending' } } : doc;
}

/**
 * Replaces a Draft or Rejected invoice (same rules as creation; same type, number
 * and name): its journal entry is reversed and posted anew, its due items
 * rewritten, and it is a Draft again until sent.
 */
export async function updateCoInvoice(q: Queryable, company: Company, id: string, plan: Plan) {
  const cid = company.company_id;
  const inv = await lockInvoice(q, cid, id, { country: 'CO', paid: true });
  if (!inv) throw notFound(`Invoice ${id}`);
  enforce(canEdit(inv));
  if (plan.docType.id !== inv.document_type_id) throw new DomainError('invalid_value', `The document type of invoice ${inv.name} cannot change`, 'document.id');
  const customerId = plan.newCustomer ? Number((await insertCustomer(q, cid, 'CO', plan.newCustomer)).id) : plan.customer!.id;
  const doc = coInvoiceDocument(plan, { id, prefix: inv.prefix, number: Number(inv.number), name: inv.name, customerId, now: new Date(inv.created_at) });
  doc.metadata.last_updated = new Date().toISOString();
  await reverseEntry(q, cid, id, { kind: 'invoice_correction', id, date: plan.body.date, description: `Corrección de la factura ${inv.name}` });
  await replaceInvoice(q, cid, inv, id, {
    date: plan.body.date, customerId, identification: plan.body.customer.identification, branchOffice: plan.body.customer.branch_office,
    total: doc.total, balance: doc.balance, document: doc,
    due: dueRecords(plan),
  });
  await applyAdvance(q, cid, plan);
  await postEntry(q, cid, { kind: 'invoice', id, date: plan.body.date, description: `Factura ${inv.name}` }, coInvoicePostings(plan));
  if (plan.body.stamp?.send) await requestStamp(q, cid, id, 'CO', 'Draft');
  return pendingIfAsked(plan, doc);
}
