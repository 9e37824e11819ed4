/**
 * The consumidor final of a Colombian POS ticket: the buyer a ticket names when none is sent. The DIAN identifies
 * an unnamed buyer as 222222222222 (identification type 13, a person, "Consumidor final", responsibility
 * R-99-PN). Each company has one such customer record, made the first time a ticket needs it (at the company's own
 * address), so that the ticket, its receivables, its reports and its UBL read it like any customer.
 */
import type { Queryable } from '../../platform/db';
import type { Company } from '../../platform/auth';
import type { CustomerRow } from '../../catalog/rows';

export const FINAL_CONSUMER = { id_type: '13', identification: '222222222222', branch_office: 0, name: ['Consumidor', 'Final'] } as const;

/** The company's consumidor final, created when it has none (two tickets at once make one record). */
export async function finalConsumer(q: Queryable, company: Company & { address?: unknown }): Promise<CustomerRow> {
  const cid = company.company_id;
  const read = async () => (await q.query<{ row: CustomerRow }>(
    `SELECT to_jsonb(t) AS row FROM customers t WHERE company_id = $1 AND identification = $2 AND branch_office = $3`,
    [cid, FINAL_CONSUMER.identification, FINAL_CONSUMER.branch_office]))[0]?.row;
  const found = await read();
  if (found) return found;
  await q.query(
    `INSERT INTO customers (company_id, person_type, id_type, identification, check_digit, branch_office, name, active, vat_responsible,
       fiscal_responsibilities, address, phones, contacts, custom_fields, type)
     SELECT $1, 'person', $2, $3, NULL, $4, $5::jsonb, true, false, '[]'::jsonb, c.address, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, 'Customer'
       FROM companies c WHERE c.company_id = $1
     ON CONFLICT (company_id, identification, branch_office) DO NOTHING`,
    [cid, FINAL_CONSUMER.id_type, FINAL_CONSUMER.identification, FINAL_CONSUMER.branch_office, JSON.stringify(FINAL_CONSUMER.name)]);
  const made = await read();
  if (!made) throw new Error(`The consumidor final of company ${cid} could not be made`);
  return made;
}
