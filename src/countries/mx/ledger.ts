/** Mexico's ledger accounts the code names by their meaning: the SAT's código agrupador (Anexo 24). */
export const MX_LEDGER = {
  /** Caja y efectivo, and Bancos nacionales: what payment forms bring in. */
  cash: '101.01',
  bank: '102.01',
  /** Clientes nacionales: the receivable of PPD and credit payment conditions. */
  customers: '105.01',
  revenue: '401.01',
  discounts: '402.01',
  /** Otros ingresos: global charges. */
  otherIncome: '403.01',
  /** IVA and IEPS trasladados cobrados. */
  ivaCollected: '208.01',
  iepsCollected: '208.02',
  /** IVA and IEPS trasladados no cobrados: the IVA and IEPS of a PPD invoice until it is paid (cash basis). */
  ivaNotCollected: '209.01',
  iepsNotCollected: '209.02',
  /** IVA and ISR withheld by customers (a favor). */
  reteIva: '113.01',
  reteIsr: '114.01',
  /**
   * IVA and ISR a customer is to withhold from a PPD invoice not paid yet: auxiliaries of 113.08 (otros impuestos a
   * favor) added by migration 031; a payment moves what it pays of them to 113.01 and 114.01 (cash basis).
   */
  reteIvaPending: '113.08.01',
  reteIsrPending: '113.08.02',
  /**
   * Pérdida cambiaria (701.01, under 701 gastos financieros) and utilidad cambiaria (702.01, under 702 productos
   * financieros): what a receipt of a foreign-currency invoice brings in pesos above or below what the invoice's
   * receivable and taxes were posted at (src/payments/currency.ts); added by migration 048.
   */
  exchangeLoss: '701.01',
  exchangeGain: '702.01',
} as const;

/** The account a tax of this type posts to unless the company names one (the starting catalog's). */
export function mxTaxAccount(type: string): string | undefined {
  return ({ IVA: MX_LEDGER.ivaCollected, IVAExento: MX_LEDGER.ivaCollected, IEPS: MX_LEDGER.iepsCollected, ReteIVA: MX_LEDGER.reteIva, ReteISR: MX_LEDGER.reteIsr } as Record<string, string>)[type];
}

/** The account a payment type of this kind posts to unless the company names one. */
export function mxPaymentAccount(type: string): string | undefined {
  return ({ Cash: MX_LEDGER.cash, Transfer: MX_LEDGER.bank, Card: MX_LEDGER.bank, Check: MX_LEDGER.bank, Credit: MX_LEDGER.customers, ToBeDefined: MX_LEDGER.customers } as Record<string, string>)[type];
}
