/**
 * A company's starting catalog, from its country's standard catalog
 * (./co.ts, ./mx.ts: the country's `catalog`, src/countries), and the check that every account the documents post to
 * is in its chart.
 */
import type { Queryable } from '../../platform/db';
import { insertAll, priceLists } from './rows';
import { country as countryOf, type CountryCode } from '../../countries';

/** Every account a tax, payment type, global discount/charge or service (src/ledger/accounts.ts) posts to is in the company's chart of accounts. */
export async function assertAccountsExist(q: Queryable, companyId: number, country: CountryCode): Promise<void> {
  const missing = await q.query<{ account_code: string }>(
    `SELECT DISTINCT u.account_code FROM (
       SELECT account_code FROM taxes WHERE company_id = $1
       UNION SELECT account_code FROM payment_types WHERE company_id = $1
       UNION SELECT account_code FROM allowance_charges WHERE company_id = $1
       UNION SELECT unnest($2::text[])) u
     WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.company_id = $1 AND a.code = u.account_code)
     ORDER BY 1`, [companyId, Object.values(countryOf(country).ledger.named)]);
  if (missing.length) throw new Error(`Demo data of company ${companyId} posts to accounts missing from its chart: ${missing.map((m) => m.account_code).join(', ')}`);
}

/**
 * The starting catalog of a new company (`npm run cli -- company create`): its
 * country's chart of accounts, taxes, payment types, global discounts and
 * charges, twelve price lists, two account groups, one invoice type (FV),
 * one cash receipt type (RC) and, in Colombia, a credit (NC) and a debit note type (ND), in Mexico a credit note type (NC) and a payment receipt type (P). Inactive examples of the demo are left out.
 * With `full` false, only the chart of accounts.
 */
export async function seedStarterCatalog(q: Queryable, companyId: number, country: CountryCode, full = true): Promise<void> {
  const c = countryOf(country).catalog;
  const active = <T extends { active?: boolean }>(rows: T[]) => rows.filter((r) => r.active !== false);
  await insertAll(q, 'accounts', companyId, active(c.accounts));
  if (!full) return assertAccountsExist(q, companyId, country); // the rest comes through the administration API
  await insertAll(q, 'taxes', companyId, active(c.taxes));
  await insertAll(q, 'payment_types', companyId, active(c.paymentTypes));
  await insertAll(q, 'allowance_charges', companyId, active(c.allowanceCharges));
  await insertAll(q, 'price_lists', companyId, priceLists([]));
  await insertAll(q, 'account_groups', companyId, [{ name: 'Mercancías' }, { name: 'Servicios' }]);
  const w = c.invoiceWithholdings;
  await insertAll(q, 'document_types', companyId, [
    { code: 'FV', name: 'Factura de venta', type: 'FV', prefix: c.invoicePrefix, description: 'Factura de venta con numeración automática',
      reteiva: w, reteica: w, self_withholding: w, advance_payment: w },
    { code: 'RC', name: 'Recibo de caja', type: 'RC', prefix: 'RC', description: 'Recibo de caja con numeración automática' },
    ...c.documentTypes,
  ]);
  await assertAccountsExist(q, companyId, country);
}
