/**
 * The lines and the invoice-level retentions of a Colombian sales document, checked against the company's
 * master data: each line's product, seller, warehouse, third party and taxes (those sent, else the product's).
 */
import type { SellerRow, TaxRow } from '../../catalog/rows';
import { lineDescription, checkWarehouse } from '../lookup';
import type { LinePlan, PlanContext } from './plan';

export const RETENTION_TYPES = new Set(['ReteIVA', 'ReteICA', 'Autorretencion']);

/** The invoice-level retentions: taxes of a retention type, one of each type, each allowed by the document type. */
export function planRetentions({ problems, active, md: { taxes }, body, docType }: PlanContext): TaxRow[] {
  const retentions: TaxRow[] = [];
  const retentionTypes = new Set<string>();
  (body.retentions ?? []).forEach((r, i) => {
    const path = `retentions[${i}].id`;
    const tax = active(taxes.get(r.id), path, 'Tax', r.id, '/v1/taxes');
    if (!tax) return;
    if (!RETENTION_TYPES.has(tax.type)) return problems.add('invalid_retentions', `Tax ${r.id} is ${tax.type}; retentions are ReteIVA, ReteICA or Autorretencion`, path);
    if (retentionTypes.has(tax.type)) return problems.add('invalid_retentions', `Two retentions of type ${tax.type}`, path);
    const allowedBy = ({ ReteIVA: 'reteiva', ReteICA: 'reteica', Autorretencion: 'self_withholding' } as const)[tax.type as 'ReteIVA'];
    if (docType && !docType[allowedBy]) return problems.add('document_settings', `Document type ${docType.id} does not allow ${tax.type} (${allowedBy} is false)`, path);
    retentionTypes.add(tax.type);
    retentions.push(tax);
  });

  return retentions;
}

/** The lines, each with its product, seller, warehouse, third party and taxes; a line whose product is unknown is left out. */
export function planLines({ problems, active, company, md, body, docType }: PlanContext): LinePlan[] {
  const { sellers, warehouses, taxes, products } = md;
  const lines: LinePlan[] = [];
  (body.items ?? []).forEach((item, i) => {
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
    let seller: SellerRow | null = null;
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
    const lineTaxes: TaxRow[] = [];
    const sent = item.taxes;
    const ids = sent ? sent.map((t) => t.id) : product?.tax_ids ?? [];
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
  return lines;
}
