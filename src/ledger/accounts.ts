/**
 * The ledger accounts the code names by their meaning, in one place: those the
 * services post to by themselves, and those the starting catalog gives its
 * payment types. Besides these, a document posts to the accounts its master
 * data names (a tax's, a payment type's, a global discount's or charge's
 * `account_code`, which the company's catalog sets; src/companies/demo.ts
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
} as const;

export const MX_LEDGER = {
  /** Clientes nacionales: the receivable of PPD and credit payment conditions. */
  customers: '105.01',
  revenue: '401.01',
  discounts: '402.01',
  /** IVA trasladado no cobrado: the IVA of a PPD invoice until it is paid. */
  ivaNotCollected: '209.01',
} as const;

/** The PUC account of customers (Clientes): an entry that pays a due item credits an account under it. */
export const CO_RECEIVABLES_GROUP = '1305';

/**
 * The PUC subcuenta of customer advances (Anticipos y avances recibidos de clientes): a customer's unapplied advances
 * are what the accounts under it hold for them (the auxiliary 28050501, and 280505 of databases from before the auxiliaries).
 */
export const CO_ADVANCES_GROUP = '280505';
