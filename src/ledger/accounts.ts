/**
 * The ledger accounts the code names by their meaning: each country's are in its folder (src/countries/co/ledger.ts,
 * src/countries/mx/ledger.ts, the country's `ledger`), re-exported here with what the ledger derives from them. Besides these, a document posts to the accounts its master
 * data names (a tax's, a payment type's, a global discount's or charge's
 * `account_code`, which the company's catalog sets; src/companies/catalogs/
 * holds the starting catalogs), and a due item is paid off the account its
 * invoice debited.
 */
import { MX_LEDGER } from '../countries/mx/ledger';

export { CO_LEDGER } from '../countries/co/ledger';
export { MX_LEDGER };

/** Where a PPD invoice posts a tax or withholding of this type until it is paid (cash basis), and where a payment moves it. */
export function mxPendingAccount(type: string): string | undefined {
  return ({ IVA: MX_LEDGER.ivaNotCollected, IEPS: MX_LEDGER.iepsNotCollected, ReteIVA: MX_LEDGER.reteIvaPending, ReteISR: MX_LEDGER.reteIsrPending } as Record<string, string>)[type];
}
export function mxCollectedAccount(type: string): string | undefined {
  return ({ IVA: MX_LEDGER.ivaCollected, IEPS: MX_LEDGER.iepsCollected, ReteIVA: MX_LEDGER.reteIva, ReteISR: MX_LEDGER.reteIsr } as Record<string, string>)[type];
}
