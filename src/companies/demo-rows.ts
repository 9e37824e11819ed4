/** What the demo companies of each country (demo.ts in its folder of src/countries) are written with. */
import type { Queryable } from '../platform/db';
import type { CompanySettings } from '../platform/auth';
import type { CountryCode } from '../countries';

/** Inserts a demo company (is_demo); refuses a tax id another company holds. */
export async function insertCompany(q: Queryable, c: {
  country: CountryCode; legal_name: string; tax_id: string; check_digit: string | null;
  address: object; settings: CompanySettings; time_zone: string;
}): Promise<number> {
  const [taken] = await q.query<{ company_id: number }>('SELECT company_id FROM companies WHERE country = $1 AND tax_id = $2', [c.country, c.tax_id]);
  if (taken) throw new Error(`Company ${taken.company_id} already uses the demo tax id ${c.tax_id} (${c.country}) without being the demo company`);
  const [row] = await q.query<{ company_id: number }>(
    `INSERT INTO companies (country, legal_name, tax_id, check_digit, address, settings, time_zone, is_demo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, true) RETURNING company_id`,
    [c.country, c.legal_name, c.tax_id, c.check_digit, JSON.stringify(c.address), JSON.stringify(c.settings), c.time_zone]);
  return row.company_id;
}

/** A product's prices in the company's currency, on price lists 1, 2, … */
export const pricesIn = (currency_code: string) => (...values: number[]) => [{ currency_code, price_list: values.map((value, i) => ({ position: i + 1, value })) }];
