/**
 * Stamps a stored Mexican invoice: builds its CFDI 4.0, seals it with the
 * company's CSD, has the stamping provider add the Timbre Fiscal Digital, and
 * records the answer (Accepted with its UUID and the stamped XML, or Rejected
 * with the reasons). The sealed CFDI is stored before it is sent, and a retry
 * after a timeout sends that same CFDI again: a provider answers a repeated
 * CFDI with the stamp it already gave, so nothing is stamped twice. Runs from
 * the outbox (kind `sat_stamp`), after commit.
 */
import { companyJson } from '../../../platform/auth';
import type { recordVerdict } from '../../../invoices/kernel';
import { recordPaymentSending, recordPaymentVerdict } from '../../../payments/kernel';
import { recordNoteSending, recordNoteVerdict } from '../../../notes/kernel';
import type { Db } from '../../../platform/db';
import { runTask } from '../../../workers/tasks';
import { Credentials, CREDENTIALS_VERSION } from '../../../einvoice/credentials';
import type { Finish, InvoiceRecords, Signing } from '../../co/dian/stamp';
import type { CfdiCompany, CfdiCustomer, CfdiInput } from './cfdi';
import type { MxInvoiceDocument } from '../../../invoices/mx/schema';
import type { CompanyRow } from '../../../einvoice/credentials';
import type { PaymentDocument } from '../../../payments/schema';
import { FOREIGN_RECEIVER, genericReceiver } from '../../../companies/uses';
import { postalCode, regime, rfcPersonType } from '../../../catalogs/sat';
import type { StampProvider, StampVerdict } from './provider';
import { inProcess } from '../../../einvoice/threaded';
import { unbuilt } from '../../../einvoice/unbuildable';

/** What a Mexican credit note's document adds to an invoice's (src/notes/mx.ts): the invoices it credits, how it is paid. */
interface MxNoteParts { invoices?: { uuid: string }[]; payment_form?: string }

/** A product a CFDI names, as the stamping job reads it. */
interface CfdiProduct { code: string; name: string; tax_object: string | null; sat_product_key: string | null; sat_unit_key: string | null }

/** What a stamping job reads of a document: the stored answer, its stamp, and its parties' rows. */
interface StampRow<D> {
  document: D; stamp_status: string | null; stamp_uuid: string | null; xml: string | null;
  company: CfdiCompany & CompanyRow; customer: CfdiCustomer; credentials_version: string | null;
}

/** What a CFDI needs that the master data may lack; each entry is a reason the invoice cannot be stamped. */
export function missingCfdiData(company: CfdiCompany, customer: CfdiCustomer | null, products: Partial<CfdiProduct>[]): string[] {
  const out: string[] = [];
  const companyRegime = company.settings?.tax_regime;
  if (!companyRegime) out.push('The company has no fiscal regime (settings.tax_regime)');
  else if (!regime(companyRegime)?.person_types.includes(rfcPersonType(company.tax_id))) {
    out.push(`The company's fiscal regime ${companyRegime} is not a c_RegimenFiscal regime of a ${rfcPersonType(company.tax_id) === 'company' ? 'persona moral' : 'persona física'} (settings.tax_regime)`);
  }
  const place = company.settings?.postal_code ?? company.address?.postal_code;
  if (!place) out.push('The company has no postal code (the place of issue)');
  else if (postalCode(place) === undefined) out.push(`The company's postal code ${place} is not in c_CodigoPostal`);
  // The general public's regime and fiscal domicile are fixed by CFDI 4.0 (616, the place of issue): nothing to lack.
  if (customer?.identification === FOREIGN_RECEIVER.rfc && !(customer.address?.fiscal_residence && customer.address?.foreign_tax_id)) {
    out.push(`Customer ${customer.identification} (residente en el extranjero) has no ResidenciaFiscal and NumRegIdTrib (address.fiscal_residence, address.foreign_tax_id)`);
  }
  if (customer && !genericReceiver(customer.identification)) {
    if (!customer.tax_regime) out.push(`Customer ${customer.identification} has no fiscal regime (tax_regime)`);
    if (!customer.address?.postal_code) out.push(`Customer ${customer.identification} has no postal code (its fiscal domicile)`);
    else if (postalCode(customer.address.postal_code) === undefined) out.push(`Customer ${customer.identification}'s postal code ${customer.address.postal_code} is not in c_CodigoPostal`);
  }
  for (const p of products) {
    if (!p.sat_product_key || !p.sat_unit_key) out.push(`Product ${p.code} has no SAT product or unit key (sat_product_key, sat_unit_key)`);
  }
  return out;
}

/** A verdict given before sending: what the CFDI lacks (DATA), or why it cannot be built (BUILD). */
const rejectedHere = (errors: StampVerdict['errors']): StampVerdict => ({ status: 'Rejected', uuid: null, xml: null, errors, observations: [] });

/** A sealed CFDI, or the rejection of one that cannot be built from its data (never retried: src/einvoice/unbuildable.ts). */
async function sealed(seal: Promise<string>): Promise<string | StampVerdict> {
  try {
    return await seal;
  } catch (e) {
    const errors = unbuilt(e);
    if (!errors) throw e;
    return rejectedHere(errors);
  }
}

/** Sends a sealed CFDI; one sent before (`again`: a retry after a timeout) is first asked for the stamp it may already have. */
async function send(provider: StampProvider, xml: string, again: boolean): Promise<StampVerdict> {
  return (again ? await provider.stamped?.(xml) : null) ?? provider.stamp(xml);
}

/** A Mexican invoice's CFDI, sealed and stamped; `invoices`: the invoice kernel's records (given by the app, src/server.ts). */
export async function stampMxInvoice(db: Db, provider: StampProvider, invoices: InvoiceRecords, companyId: number, invoiceId: string,
  signing: Signing = { credentials: new Credentials(db) }, finish?: Finish): Promise<Pick<StampVerdict, 'status' | 'uuid' | 'errors'>> {
  return stampCfdi(db, provider, companyId, invoiceId, signing, finish, { table: 'invoices', recordSending: invoices.recordSending, recordVerdict: invoices.recordVerdict });
}

/** A Mexican credit note (CFDI type E related to its invoices' UUIDs), stamped as an invoice is. Runs from the outbox (`sat_note_stamp`). */
export async function stampMxNote(db: Db, provider: StampProvider, companyId: number, noteId: string,
  signing: Signing = { credentials: new Credentials(db) }, finish?: Finish): Promise<Pick<StampVerdict, 'status' | 'uuid' | 'errors'>> {
  return stampCfdi(db, provider, companyId, noteId, signing, finish, { table: 'notes', recordSending: recordNoteSending, recordVerdict: recordNoteVerdict });
}

interface CfdiSource {
  table: 'invoices' | 'notes';
  recordSending: (q: Db, cid: number, id: string, xml: string) => Promise<void>;
  recordVerdict: typeof recordVerdict;
}

async function stampCfdi(db: Db, provider: StampProvider, companyId: number, id: string, signing: Signing, finish: Finish | undefined, source: CfdiSource) {
  // One query for all the job reads: the document, company, customer, the products it names and the version of the company's CSD.
  const [inv] = await db.query<StampRow<MxInvoiceDocument & MxNoteParts> & { products: CfdiProduct[] }>(
    `SELECT i.document, i.stamp_status, i.stamp_uuid, i.xml, ${companyJson('c')} AS company, to_jsonb(u) AS customer,
            (SELECT ${CREDENTIALS_VERSION} FROM company_credentials k WHERE k.company_id = i.company_id AND k.active) AS credentials_version,
            (SELECT coalesce(json_agg(json_build_object('code', p.code, 'name', p.name, 'tax_object', p.tax_object, 'sat_product_key', p.sat_product_key,
                    'sat_unit_key', p.sat_unit_key)), '[]') FROM products p
              WHERE p.company_id = i.company_id AND p.code IN (SELECT x->>'code' FROM jsonb_array_elements(i.document->'items') x)) AS products
       FROM ${source.table} i JOIN companies c ON c.company_id = i.company_id
       LEFT JOIN customers u ON u.company_id = i.company_id AND u.id = i.customer_id
      WHERE i.company_id = $1 AND i.id = $2${source.table === 'invoices' ? '' : ` AND i.kind = 'NC'`}`, [companyId, id]);
  if (!inv) throw new Error(`${source.table} ${id} not found`);
  if (inv.stamp_status === 'Accepted') return { status: 'Accepted' as const, uuid: inv.stamp_uuid, errors: [] };

  let xml: string | null = inv.xml;
  let verdict: StampVerdict | null = null;
  if (!xml) {
    const { company, customer, products } = inv;
    const missing = missingCfdiData(company, customer, products);
    if (missing.length) {
      verdict = rejectedHere(missing.map((message) => ({ code: 'DATA', message })));
    } else {
      const input: CfdiInput = { document: inv.document, company, customer, products: Object.fromEntries(products.map((p) => [p.code, p])),
        ...(source.table === 'notes' ? { egreso: { related: (inv.document.invoices ?? []).map((r) => r.uuid), paymentForm: inv.document.payment_form ?? '' } } : {}) };
      const out = await sealed(runTask(signing.pool, 'sat.seal', { input, credentials: await signing.credentials.company(company, inv.credentials_version) }, { tenant: company.company_id }));
      if (typeof out !== 'string') verdict = out;
      else {
        xml = out;
        // Remember what is being sent before sending it (to a provider outside this process).
        if (!inProcess(provider)) await source.recordSending(db, companyId, id, xml);
      }
    }
  }
  verdict ??= await send(provider, xml!, !!inv.xml);
  const final = verdict;
  const result = { status: final.status, uuid: final.uuid, errors: final.errors };
  await db.tx(async (q) => {
    await source.recordVerdict(q, companyId, id, {
      status: final.status, uuid: final.uuid, errors: final.errors, observations: final.observations, authority: provider.name, xml: final.xml ?? xml,
    });
    await finish?.(q, result);
  });
  return result;
}

/**
 * Stamps a stored payment receipt as an invoice is stamped: its CFDI type P with Pagos 2.0 is built, sealed
 * with the company's CSD, kept before it leaves for a provider outside this process, and the verdict recorded.
 * Runs from the outbox (kind `sat_payment_stamp`), after commit.
 */
export async function stampMxPayment(db: Db, provider: StampProvider, companyId: number, paymentId: string,
  signing: Signing = { credentials: new Credentials(db) }, finish?: Finish): Promise<Pick<StampVerdict, 'status' | 'uuid' | 'errors'>> {
  const [row] = await db.query<StampRow<PaymentDocument>>(
    `SELECT p.document, p.stamp_status, p.stamp_uuid, p.xml, ${companyJson('c')} AS company, to_jsonb(u) AS customer,
            (SELECT ${CREDENTIALS_VERSION} FROM company_credentials k WHERE k.company_id = p.company_id AND k.active) AS credentials_version
       FROM payments p JOIN companies c ON c.company_id = p.company_id
       JOIN customers u ON u.company_id = p.company_id AND u.id = p.customer_id
      WHERE p.company_id = $1 AND p.id = $2`, [companyId, paymentId]);
  if (!row) throw new Error(`payment receipt ${paymentId} not found`);
  if (row.stamp_status === 'Accepted') return { status: 'Accepted', uuid: row.stamp_uuid, errors: [] };
  let xml: string | null = row.xml;
  let verdict: StampVerdict | null = null;
  if (!xml) {
    const missing = missingCfdiData(row.company, row.customer, []);
    if (missing.length) {
      verdict = rejectedHere(missing.map((message) => ({ code: 'DATA', message })));
    } else {
      const out = await sealed(runTask(signing.pool, 'sat.sealPayment', {
        input: { document: row.document, company: row.company, customer: row.customer },
        credentials: await signing.credentials.company(row.company, row.credentials_version),
      }, { tenant: row.company.company_id }));
      if (typeof out !== 'string') verdict = out;
      else {
        xml = out;
        if (!inProcess(provider)) await recordPaymentSending(db, companyId, paymentId, xml);
      }
    }
  }
  verdict ??= await send(provider, xml!, !!row.xml);
  const final = verdict;
  const result = { status: final.status, uuid: final.uuid, errors: final.errors };
  await db.tx(async (q) => {
    await recordPaymentVerdict(q, companyId, paymentId, {
      status: final.status, uuid: final.uuid, errors: final.errors, observations: final.observations, authority: provider.name, xml: final.xml ?? xml,
    });
    await finish?.(q, result);
  });
  return result;
}
