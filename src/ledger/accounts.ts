/**
 * The ledger accounts the code names by their meaning, in one place: those the
 * services post to by themselves, and those the starting catalog gives its
 * payment types. Besides these, a document posts to the accounts its master
 * data names (a tax's, a payment type's, a global discount's or charge's
 * `account_code`, which the company's catalog sets; src/companies/catalogs/
 * holds the starting catalogs), and a due item is paid off the account its
 * invoice debited.
 *
 * Colombia: auxiliary accounts of 8 digits under the PUC's subcuentas, as
 * Siigo charts carry them (the PUC fixes classes, groups, accounts and
 * subcuentas, up to 6 digits; auxiliaries are the company's). Mexico: the
 * SAT's código agrupador (Anexo 24).
 */
export const CO_LEDGER = {
  /** Caja general: cash payment types. */
  cash: '11050501',
  /** Bancos nacionales: transfer and card payment types. */
  bank: '11100501',
  /** Clientes nacionales: the receivable of the credit payment type. */
  customers: '13050501',
  /** Retención en la fuente (anticipo): Retefuente suffered, and the debit side of self-withholding. */
  withholdingAdvance: '13551501',
  /** Anticipos de clientes: advance payments received, and applied on invoices. */
  customerAdvances: '28050501',
  /** Venta de productos y servicios: what an invoice sells. */
  revenue: '41359501',
  /** Descuentos comerciales condicionados: taxes of gifts borne by the company, and global discounts without a record. */
  discountsExpense: '53053501',
  /** Cargos a clientes: global charges without a record. */
  chargesIncome: '42505001',
  /** IVA generado: at the general rate (19 %), at 5 %, and at 0 % (exempt). */
  ivaGeneral: '24080501',
  iva5: '24080502',
  iva0: '24080503',
  /** Impuesto nacional al consumo por pagar. */
  impoconsumo: '24360501',
  /** ReteIVA and ReteICA suffered (anticipos de impuestos). */
  reteIvaAdvance: '13551701',
  reteIcaAdvance: '13551801',
  /** Autorretenciones por pagar: the credit side of self-withholding. */
  selfWithholding: '23657501',
  /** Diferencia en cambio: income (PUC 421020) and expense (PUC 530525) of a foreign-currency receivable paid at another rate. */
  exchangeGain: '42102001',
  exchangeLoss: '53052501',
} as const;

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

/** Where a PPD invoice posts a tax or withholding of this type until it is paid (cash basis), and where a payment moves it. */
export function mxPendingAccount(type: string): string | undefined {
  return ({ IVA: MX_LEDGER.ivaNotCollected, IEPS: MX_LEDGER.iepsNotCollected, ReteIVA: MX_LEDGER.reteIvaPending, ReteISR: MX_LEDGER.reteIsrPending } as Record<string, string>)[type];
}
export function mxCollectedAccount(type: string): string | undefined {
  return ({ IVA: MX_LEDGER.ivaCollected, IEPS: MX_LEDGER.iepsCollected, ReteIVA: MX_LEDGER.reteIva, ReteISR: MX_LEDGER.reteIsr } as Record<string, string>)[type];
}

/** The account a tax of this type posts to unless the company names one (the starting catalog's). */
export function defaultTaxAccount(country: string, type: string, percentage: number): string | undefined {
  if (country === 'MX') return ({ IVA: MX_LEDGER.ivaCollected, IVAExento: MX_LEDGER.ivaCollected, IEPS: MX_LEDGER.iepsCollected, ReteIVA: MX_LEDGER.reteIva, ReteISR: MX_LEDGER.reteIsr } as Record<string, string>)[type];
  if (type === 'IVA') return percentage === 5 ? CO_LEDGER.iva5 : percentage === 0 ? CO_LEDGER.iva0 : CO_LEDGER.ivaGeneral;
  return ({ Impoconsumo: CO_LEDGER.impoconsumo, Retefuente: CO_LEDGER.withholdingAdvance, ReteIVA: CO_LEDGER.reteIvaAdvance, ReteICA: CO_LEDGER.reteIcaAdvance,
    Autorretencion: CO_LEDGER.selfWithholding } as Record<string, string>)[type];
}

/** The account a payment type of this kind posts to unless the company names one. */
export function defaultPaymentAccount(country: string, type: string): string | undefined {
  if (country === 'MX') return ({ Cash: MX_LEDGER.cash, Transfer: MX_LEDGER.bank, Card: MX_LEDGER.bank, Check: MX_LEDGER.bank, Credit: MX_LEDGER.customers, ToBeDefined: MX_LEDGER.customers } as Record<string, string>)[type];
  return ({ Cash: CO_LEDGER.cash, Check: CO_LEDGER.cash, Transfer: CO_LEDGER.bank, Card: CO_LEDGER.bank, Credit: CO_LEDGER.customers } as Record<string, string>)[type];
}

/** The PUC account of customers (Clientes): an entry that pays a due item credits an account under it. */
export const CO_RECEIVABLES_GROUP = '1305';

/**
 * The PUC subcuenta of customer advances (Anticipos y avances recibidos de clientes): a customer's unapplied advances
 * are what the accounts under it hold for them (the auxiliary 28050501, and 280505 of databases from before the auxiliaries).
 */
export const CO_ADVANCES_GROUP = '280505';
