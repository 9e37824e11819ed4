/**
 * The credit note that applies an advance (Anexo 20's guide, Apéndice 6, "Procedimiento para la emisión de los CFDI
 * en el caso de anticipos recibidos"): the advance was invoiced when received (a CFDI of the concept 84111506,
 * Servicios de facturación, unit ACT); the sale is then invoiced for its whole value, relating the advance's CFDI with
 * TipoRelacion 07; and a CFDI of egreso for the advance's amount, FormaPago 30 (Aplicación de anticipos), MetodoPago
 * PUE, its concept 84111506 / ACT, relates that invoice with TipoRelacion 07 and sets the advance off against it.
 *
 * Here that egreso is a credit note with `payment_form` 30: it sets off against the invoice's balance as 17
 * (Compensación) does (the receivable and the pending taxes go down, its receipts then declare what is left), with
 * these differences: it relates one invoice, one that relates an advance (07); its lines are the advance's concept,
 * not the products the invoice sold; together with the earlier live notes applying the same advances it is at most
 * what those advances came to; its CFDI relates the invoice with 07 (src/countries/mx/sat/cfdi.ts).
 */
import Decimal from 'decimal.js';
import type { Queryable } from '../platform/db';
import type { Problems } from '../platform/errors';
import { ADVANCE_APPLICATION, COMPENSATION } from '../payments/schema';

export { ADVANCE_APPLICATION };
/** c_ClaveProdServ of an advance and of its application; c_ClaveUnidad ACT (actividad). */
export const ADVANCE_PRODUCT_KEY = '84111506';
export const ADVANCE_UNIT_KEY = 'ACT';

/** Payment forms that set the note off against its invoices' balances, not pay money back. */
export const setsOff = (form: string | undefined) => form === COMPENSATION || form === ADVANCE_APPLICATION;

/**
 * Checks a note with payment form 30 (see the module's comment) and answers what is left of the advances its invoice
 * relates, or undefined when it cannot tell (a problem was found).
 */
export async function checkAdvanceApplication(q: Queryable, cid: number, invoices: { id: string; name: string; related: { type: string; uuid: string }[] | null }[],
  lines: { product: { code: string; sat_product_key: string | null; sat_unit_key: string | null } }[], problems: Problems): Promise<Decimal | undefined> {
  if (invoices.length > 1) problems.add('invalid_value', 'A note that applies an advance (payment form 30) relates one invoice: the one that relates the advance (TipoRelacion 07)', 'invoices[1].id');
  lines.forEach((l, i) => {
    if (l.product.sat_product_key !== ADVANCE_PRODUCT_KEY || l.product.sat_unit_key !== ADVANCE_UNIT_KEY) {
      problems.add('invalid_value', `Product ${l.product.code} is ${l.product.sat_product_key ?? 'no SAT key'} / ${l.product.sat_unit_key ?? 'no unit'}: the application of an advance (payment form 30) `
        + `is the concept ${ADVANCE_PRODUCT_KEY} (Servicios de facturación) with unit ${ADVANCE_UNIT_KEY}, as the advance's own invoice`, `items[${i}].code`);
    }
  });
  const inv = invoices[0];
  if (!inv) return undefined;
  const advances = (inv.related ?? []).filter((r) => r.type === '07').map((r) => r.uuid.toUpperCase());
  if (!advances.length) {
    problems.add('invalid_document', `Invoice ${inv.name} relates no advance (TipoRelacion 07): payment form 30 applies an advance to the invoice that relates it; `
      + 'relate the advance\'s invoice when the sale is invoiced, or set the credit off with 17 (Compensación)', 'invoices[0].id');
    return undefined;
  }
  const [row] = await q.query<{ advanced: string; applied: string }>(
    `SELECT (SELECT coalesce(sum(total), 0) FROM invoices WHERE company_id = $1 AND stamp_uuid = ANY($2::text[]) AND NOT annulled) AS advanced,
            (SELECT coalesce(sum(n.total), 0) FROM notes n JOIN invoices i ON i.company_id = n.company_id AND i.id = n.invoice_id
              WHERE n.company_id = $1 AND n.kind = 'NC' AND NOT n.annulled AND n.document->>'payment_form' = '${ADVANCE_APPLICATION}'
                AND EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(i.document->'related', '[]'::jsonb)) r WHERE r->>'type' = '07' AND upper(r->>'uuid') = ANY($2::text[]))) AS applied`,
    [cid, advances]);
  return Decimal.max(new Decimal(row.advanced).minus(row.applied), 0);
}
