/** The stored document (and answer) of a Colombian sales document, from its plan and computation. */
import { documentHead } from '../../platform/answers';
import Decimal from 'decimal.js';
import type { InvoiceOut } from '../compute';
import { num } from '../../platform/money';
import type { CoInvoiceDocument } from './schema';
import type { DocumentPlan } from './plan';

const idText = (id: number | null) => (id === null ? null : String(id));

/** The answer's shape (specification: "Response of variant CO"), from the plan and its computation. */
export function coInvoiceDocument(plan: DocumentPlan, ids: { id: string | null; prefix: string; number: number | null; name: string | null; customerId: number | null; now: Date }): CoInvoiceDocument {
  const { body, computed } = plan;
  const credit = plan.payments.filter((p) => p.type.due_date).reduce((s, p) => s.plus(p.value), new Decimal(0));
  const allowanceJson = (list: DocumentPlan['discounts'], out: InvoiceOut['global_discounts'], fallback: string) => list.map((a, i) => ({
    id: a.id ?? null, name: a.row?.name ?? fallback, percentage: a.percentage ?? null, value: num(out[i].value),
  }));
  return {
    ...documentHead(plan.docType, ids),
    date: body.date,
    customer: { id: idText(ids.customerId), identification: body.customer.identification, branch_office: body.customer.branch_office },
    cost_center: plan.costCenter?.id ?? null,
    currency: plan.currency ?? { code: plan.local, exchange_rate: 1 },
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
    ...(body.pos ? { pos: body.pos } : {}),
    stamp: { send: body.stamp?.send ?? false, status: 'Draft', cufe: null, cude: null, observations: null, errors: null },
    mail: { send: body.mail?.send ?? false, status: 'not_sent', observations: null },
    metadata: { created: ids.now.toISOString(), last_updated: ids.now.toISOString(), stock_updated: null },
    annulled: false,
    // No note corrects it yet (a read lists them: src/invoices/routes.ts).
    credit_notes: [], debit_notes: [], creditable: num(computed.total),
  };
}
