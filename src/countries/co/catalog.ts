/**
 * Colombia's standard catalog (production data, not demo fixtures): the chart
 * of accounts, taxes, payment types, global discounts and charges that
 * `company create` and the demo company start from.
 *
 * The PUC's accounts and subcuentas (4 and 6 digits), and under them the
 * 8-digit auxiliary accounts that documents post to, as Siigo charts carry
 * them. A database of an earlier version gets the auxiliaries from
 * migrations/013 (the same rows); its older accounts stay with what was
 * posted to them.
 */
import { CO_LEDGER } from './ledger';
import type { Tables } from '../../companies/catalogs/rows';

export const CO_ACCOUNTS: Tables['accounts'][] = [
    { code: '1105', name: 'Caja', nature: 'Debit' },
    { code: '110505', name: 'Caja general', nature: 'Debit' },
    { code: CO_LEDGER.cash, name: 'Caja general', nature: 'Debit' },
    { code: '110510', name: 'Cajas menores', nature: 'Debit' },
    { code: '11051001', name: 'Caja menor', nature: 'Debit' },
    { code: '1110', name: 'Bancos', nature: 'Debit' },
    { code: '111005', name: 'Bancos - Moneda nacional', nature: 'Debit' },
    { code: CO_LEDGER.bank, name: 'Bancos nacionales', nature: 'Debit' },
    { code: '111010', name: 'Bancos - Moneda extranjera', nature: 'Debit' },
    { code: '11101001', name: 'Bancos del exterior', nature: 'Debit' },
    { code: '1305', name: 'Clientes', nature: 'Debit' },
    { code: '130505', name: 'Clientes nacionales', nature: 'Debit' },
    { code: CO_LEDGER.customers, name: 'Clientes nacionales', nature: 'Debit' },
    { code: '130510', name: 'Clientes del exterior', nature: 'Debit' },
    { code: '13051001', name: 'Clientes del exterior', nature: 'Debit' },
    { code: '1355', name: 'Anticipo de impuestos y contribuciones o saldos a favor', nature: 'Debit' },
    { code: '135515', name: 'Retención en la fuente', nature: 'Debit' },
    { code: CO_LEDGER.withholdingAdvance, name: 'Retención en la fuente', nature: 'Debit' },
    { code: '135517', name: 'Impuesto a las ventas retenido', nature: 'Debit' },
    { code: '13551701', name: 'Impuesto a las ventas retenido', nature: 'Debit' },
    { code: '135518', name: 'Impuesto de industria y comercio retenido', nature: 'Debit' },
    { code: '13551801', name: 'Impuesto de industria y comercio retenido', nature: 'Debit' },
    { code: '1435', name: 'Mercancías no fabricadas por la empresa', nature: 'Debit' },
    { code: '2365', name: 'Retención en la fuente por pagar', nature: 'Credit' },
    { code: '236575', name: 'Autorretenciones', nature: 'Credit' },
    { code: '23657501', name: 'Autorretenciones', nature: 'Credit' },
    { code: '2408', name: 'Impuesto sobre las ventas por pagar (IVA)', nature: 'Credit' },
    { code: '240805', name: 'IVA generado', nature: 'Credit' },
    { code: '24080501', name: 'IVA generado tarifa general 19 %', nature: 'Credit' },
    { code: '24080502', name: 'IVA generado tarifa 5 %', nature: 'Credit' },
    { code: '24080503', name: 'IVA generado 0 % (exento)', nature: 'Credit' },
    { code: '2436', name: 'Impuesto nacional al consumo por pagar', nature: 'Credit' },
    { code: '243605', name: 'Impuesto nacional al consumo', nature: 'Credit' },
    { code: '24360501', name: 'Impuesto nacional al consumo 8 %', nature: 'Credit' },
    { code: '2805', name: 'Anticipos y avances recibidos', nature: 'Credit' },
    { code: '280505', name: 'Anticipos de clientes', nature: 'Credit' },
    { code: CO_LEDGER.customerAdvances, name: 'Anticipos de clientes', nature: 'Credit' },
    { code: '4135', name: 'Comercio al por mayor y al por menor', nature: 'Credit' },
    { code: '413595', name: 'Venta de otros productos', nature: 'Credit' },
    { code: CO_LEDGER.revenue, name: 'Venta de productos y servicios', nature: 'Credit' },
    { code: '4155', name: 'Actividades inmobiliarias, empresariales y de alquiler (servicios)', nature: 'Credit' },
    { code: '4175', name: 'Devoluciones, rebajas y descuentos en ventas', nature: 'Debit' },
    { code: '4250', name: 'Recuperaciones (cargos a clientes)', nature: 'Credit' },
    { code: '425050', name: 'Reintegro de otros costos y gastos', nature: 'Credit' },
    { code: CO_LEDGER.chargesIncome, name: 'Cargos a clientes (fletes y empaques)', nature: 'Credit' },
    { code: '4210', name: 'Financieros', nature: 'Credit' },
    { code: '421020', name: 'Diferencia en cambio', nature: 'Credit' },
    { code: CO_LEDGER.exchangeGain, name: 'Diferencia en cambio', nature: 'Credit' },
    { code: '5305', name: 'Gastos financieros', nature: 'Debit' },
    { code: '530525', name: 'Diferencia en cambio', nature: 'Debit' },
    { code: CO_LEDGER.exchangeLoss, name: 'Diferencia en cambio', nature: 'Debit' },
    { code: '530535', name: 'Descuentos comerciales condicionados', nature: 'Debit' },
    { code: CO_LEDGER.discountsExpense, name: 'Descuentos comerciales condicionados', nature: 'Debit' },
    { code: '6135', name: 'Costo de ventas - Comercio al por mayor y al por menor', nature: 'Debit' },
    { code: '5195', name: 'Diversos (cuenta inactiva)', nature: 'Debit', active: false },
];

export const CO_TAXES: Tables['taxes'][] = [
    { name: 'IVA 19%', type: 'IVA', percentage: '19', account_code: CO_LEDGER.ivaGeneral },
    { name: 'IVA 5%', type: 'IVA', percentage: '5', account_code: CO_LEDGER.iva5 },
    { name: 'IVA 0% (exento)', type: 'IVA', percentage: '0', account_code: CO_LEDGER.iva0 },
    { name: 'Impoconsumo 8%', type: 'Impoconsumo', percentage: '8', account_code: CO_LEDGER.impoconsumo },
    { name: 'Retefuente compras 2.5%', type: 'Retefuente', percentage: '2.5', account_code: CO_LEDGER.withholdingAdvance },
    { name: 'Retefuente servicios 4%', type: 'Retefuente', percentage: '4', account_code: CO_LEDGER.withholdingAdvance },
    { name: 'ReteIVA 15%', type: 'ReteIVA', percentage: '15', account_code: CO_LEDGER.reteIvaAdvance },
    { name: 'ReteICA 9.66 por mil', type: 'ReteICA', percentage: '0.966', account_code: CO_LEDGER.reteIcaAdvance },
    // Self-withholding is a liability of the company itself: credit 23657501; its debit side is CO_LEDGER.withholdingAdvance.
    { name: 'Autorretención 0.8%', type: 'Autorretencion', percentage: '0.8', account_code: CO_LEDGER.selfWithholding },
    { name: 'IVA 16% (derogado)', type: 'IVA', percentage: '16', account_code: CO_LEDGER.ivaGeneral, active: false },
];

export const CO_PAYMENT_TYPES: Tables['payment_types'][] = [
    { name: 'Efectivo', type: 'Cash', document_type: 'FV', account_code: CO_LEDGER.cash },
    { name: 'Transferencia bancaria', type: 'Transfer', document_type: 'FV', account_code: CO_LEDGER.bank },
    { name: 'Tarjeta débito o crédito', type: 'Card', document_type: 'FV', account_code: CO_LEDGER.bank },
    { name: 'Crédito', type: 'Credit', document_type: 'FV', account_code: CO_LEDGER.customers, due_date: true },
    { name: 'Cheque', type: 'Check', document_type: 'FV', account_code: CO_LEDGER.cash, active: false },
    { name: 'Efectivo', type: 'Cash', document_type: 'RC', account_code: CO_LEDGER.cash },
    { name: 'Transferencia bancaria', type: 'Transfer', document_type: 'RC', account_code: CO_LEDGER.bank },
    { name: 'Cheque', type: 'Check', document_type: 'RC', account_code: CO_LEDGER.cash, active: false },
    // A credit note settles its credit against the invoice's receivable (Crédito) or pays it back (refund); a debit note is paid or owed.
    { name: 'Abono a la cuenta del cliente', type: 'Credit', document_type: 'NC', account_code: CO_LEDGER.customers, due_date: true },
    { name: 'Devolución en efectivo', type: 'Cash', document_type: 'NC', account_code: CO_LEDGER.cash },
    { name: 'Devolución por transferencia', type: 'Transfer', document_type: 'NC', account_code: CO_LEDGER.bank },
    { name: 'Crédito', type: 'Credit', document_type: 'ND', account_code: CO_LEDGER.customers, due_date: true },
    { name: 'Efectivo', type: 'Cash', document_type: 'ND', account_code: CO_LEDGER.cash },
    { name: 'Transferencia bancaria', type: 'Transfer', document_type: 'ND', account_code: CO_LEDGER.bank },
];

/** The credit and debit note types of a Colombian company (plain; the demo adds electronic ones). */
export const CO_NOTE_TYPES: Tables['document_types'][] = [
    { code: 'NC', name: 'Nota crédito', type: 'NC', prefix: 'NC', description: 'Nota crédito con numeración automática; admite ReteIVA, ReteICA y autorretención',
      reteiva: true, reteica: true, self_withholding: true },
    { code: 'ND', name: 'Nota débito', type: 'ND', prefix: 'ND', description: 'Nota débito con numeración automática; admite ReteIVA, ReteICA y autorretención',
      reteiva: true, reteica: true, self_withholding: true },
];

export const CO_ALLOWANCE_CHARGES: Tables['allowance_charges'][] = [
    { kind: 'Discount', name: 'Descuento comercial', account_code: CO_LEDGER.discountsExpense },
    { kind: 'Discount', name: 'Descuento por pronto pago', account_code: CO_LEDGER.discountsExpense },
    { kind: 'Discount', name: 'Descuento de temporada (inactivo)', account_code: CO_LEDGER.discountsExpense, active: false },
    { kind: 'Charge', name: 'Cargo por flete', account_code: CO_LEDGER.chargesIncome },
    { kind: 'Charge', name: 'Cargo por empaque', account_code: CO_LEDGER.chargesIncome },
    { kind: 'Charge', name: 'Cargo por seguro (inactivo)', account_code: CO_LEDGER.chargesIncome, active: false },
];
