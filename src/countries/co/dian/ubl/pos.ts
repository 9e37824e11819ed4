/**
 * What an electronic POS ticket (documento equivalente electrónico del tiquete de máquina registradora con sistema
 * P.O.S., Anexo Técnico del Documento Equivalente Electrónico 1.0, Resolución DIAN 000165 of 2023) adds to the UBL
 * Invoice of an electronic invoice:
 *
 * - InvoiceTypeCode 20 and its own ProfileID; CustomizationID 10 (standard) as invoices;
 * - a CUDE (the CUFE's chain made with the software's PIN, not a resolution's technical key), schemeName
 *   CUDE-SHA384, labelled CUDE in the QR;
 * - three extensions between the DIAN's and the signature's, each a group of Name/Value pairs written as siblings
 *   in the document's own namespace (the annex's rules DEPD11 and DEPD21 reject a ticket without them):
 *   FabricanteSoftware/InformacionDelFabricanteDelSoftware (NombreApellido, RazonSocial, NombreSoftware),
 *   BeneficiosComprador/InformacionBeneficiosComprador (Codigo, NombresApellidos, Puntos) and
 *   PuntoVenta/InformacionCajaVenta (PlacaCaja, UbicaciónCaja, Cajero, TipoCaja, CódigoVenta, SubTotal);
 * - a buyer that may be the consumidor final (222222222222, src/invoices/co/consumer.ts).
 */
import { dianAmount, type Amount } from '../cufe';
import { NAMESPACES } from './codes';
import type { Node } from './xml';

/** InvoiceTypeCode of the POS ticket (annex of the equivalent document, table 16.3). */
export const POS_TYPE_CODE = '20';
/** The ticket's ProfileID: its name in the Resolución (art. 1.5.1.3.2.4 of the DIAN's compiled resolution 000227). */
export const POS_PROFILE_ID = 'DIAN 2.1: documento equivalente electrónico del tiquete de máquina registradora con sistema P.O.S.';
/** The software that makes the ticket, when the company's DIAN settings name none. */
export const DEFAULT_MANUFACTURER = { person: 'facturas-api', company: 'facturas-api', software: 'facturas-api' };

/** The point of sale as a stored ticket keeps it (src/invoices/co/schema.ts, PosData). */
export interface PosPoint { cash_register: { plate: string; type: string }; location: string; cashier: string; sale_code: string }
export interface PosExtensions {
  pos: PosPoint;
  manufacturer: { person: string; company: string; software: string };
  buyer: { code: string; name: string; points?: string };
  subtotal: Amount;
}

/** The names of the point of sale's pairs, spelt as the annex spells them (with their accents). */
export const CASH_REGISTER_NAMES = ['PlacaCaja', 'UbicaciónCaja', 'Cajero', 'TipoCaja', 'CódigoVenta', 'SubTotal'] as const;

function group(exts: Node, wrapper: string, name: string, pairs: [string, string][]): void {
  const g = exts.ele('ext:UBLExtension').ele('ext:ExtensionContent').ele(NAMESPACES.invoice, wrapper).ele(NAMESPACES.invoice, name);
  for (const [n, v] of pairs) {
    g.ele(NAMESPACES.invoice, 'Name').txt(n);
    g.ele(NAMESPACES.invoice, 'Value').txt(v);
  }
}

/** Writes the three extensions of the ticket under ext:UBLExtensions, after the DIAN's (the signature's slot comes after them). */
export function posExtensions(exts: Node, x: PosExtensions): void {
  group(exts, 'FabricanteSoftware', 'InformacionDelFabricanteDelSoftware',
    [['NombreApellido', x.manufacturer.person], ['RazonSocial', x.manufacturer.company], ['NombreSoftware', x.manufacturer.software]]);
  group(exts, 'BeneficiosComprador', 'InformacionBeneficiosComprador', [['Codigo', x.buyer.code], ['NombresApellidos', x.buyer.name], ['Puntos', x.buyer.points ?? '0']]);
  const p = x.pos;
  const values = [p.cash_register.plate, p.location, p.cashier, p.cash_register.type, p.sale_code, dianAmount(x.subtotal)];
  group(exts, 'PuntoVenta', 'InformacionCajaVenta', CASH_REGISTER_NAMES.map((n, i) => [n, values[i]]));
}
