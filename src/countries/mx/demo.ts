/** Mexico's demo company (src/companies/demo.ts seeds it once): the SAT's test taxpayer and complete master data. */
import type { Queryable } from '../../platform/db';
import { MX_ACCOUNTS, MX_ALLOWANCE_CHARGES, MX_CREDIT_NOTE_TYPE, MX_PAYMENT_TYPE, MX_PAYMENT_TYPES, MX_TAXES } from './catalog';
import { insertAll, priceLists } from '../../companies/catalogs/rows';
import { insertCompany, pricesIn } from '../../companies/demo-rows';

// ---------------------------------------------------------------------------
// Mexico

/** The SAT's test taxpayer (its CSD test certificates are public), so stamping sandboxes accept the issuer. */
const MX_RFC = 'EKU9003173C9';
const MX_POSTAL_CODE = '06600';

export async function seedMexico(q: Queryable): Promise<number> {
  const id = await insertCompany(q, {
    country: 'MX', legal_name: 'ESCUELA KEMPER URGATE', tax_id: MX_RFC, check_digit: null,
    address: { address: 'Av. Paseo de la Reforma 222 Piso 10, Col. Juárez', city: { country_code: 'MX', state_code: 'CMX', city_code: '015' }, postal_code: MX_POSTAL_CODE },
    settings: {
      foreign_currency: { enabled: true, currencies: ['USD', 'EUR'] }, warehouses_enabled: true,
      tax_regime: '601', postal_code: MX_POSTAL_CODE,
    },
    time_zone: 'America/Mexico_City',
  });

  // Chart of accounts keyed by the SAT código agrupador (Anexo 24).
  await insertAll(q, 'accounts', id, MX_ACCOUNTS);

  await insertAll(q, 'document_types', id, [
    { code: 'FV-A', name: 'Factura serie A', type: 'FV', prefix: 'A', description: 'CFDI de ingreso con folio automático' },
    { code: 'FV-M', name: 'Factura con folio manual', type: 'FV', prefix: 'M', automatic_number: false, description: 'El folio se envía en la solicitud' },
    { code: 'FV-P', name: 'Factura con descuento porcentual', type: 'FV', prefix: 'P', discount_type: 'Percentage', description: 'items.discount se lee como porcentaje' },
    { code: 'FV-X', name: 'Factura serie X (inactiva)', type: 'FV', prefix: 'X', active: false, description: 'Tipo de documento inactivo' },
    { code: 'RC', name: 'Recibo de caja', type: 'RC', prefix: 'RC', description: 'Recibo de cobro con folio automático' },
    MX_CREDIT_NOTE_TYPE,
    MX_PAYMENT_TYPE,
  ]);

  // IVA, IEPS post to the "cobrado" accounts; the retentions a customer makes are amounts in the company's favour.
  const [iva16, iva8, iva0, , , , ieps8] = await insertAll(q, 'taxes', id, MX_TAXES);

  // Payment types are the invoice's payment conditions; sat_code is the c_FormaPago.
  await insertAll(q, 'payment_types', id, MX_PAYMENT_TYPES);

  await insertAll(q, 'allowance_charges', id, MX_ALLOWANCE_CHARGES);

  const [seller1] = await insertAll(q, 'sellers', id, [
    { username: 'agarcia', first_name: 'Alejandro', last_name: 'García López', email: 'alejandro.garcia@kemper-demo.example.mx', identification: 'GALA850312HD1' },
    { username: 'mtorres', first_name: 'Mariana', last_name: 'Torres Ruiz', email: 'mariana.torres@kemper-demo.example.mx', identification: 'TORM900725KL4' },
    { username: 'jhernandez', first_name: 'Jorge', last_name: 'Hernández Castro', email: 'jorge.hernandez@kemper-demo.example.mx', identification: 'HECJ781105QW7' },
    { username: 'lmendoza', first_name: 'Lucía', last_name: 'Mendoza Vega', email: 'lucia.mendoza@kemper-demo.example.mx', identification: 'MEVL950214RT2', active: false },
  ]);

  const rfc = (identification: string) => ({ id_type: 'RFC', identification });
  await insertAll(q, 'customers', id, [
    {
      person_type: 'company', ...rfc('XIA190128J61'), branch_office: 0, name: ['XENON INDUSTRIAL ARTICLES'], tax_regime: '601',
      address: { address: 'Av. Constituyentes 120', city: { country_code: 'MX', state_code: 'QUE' }, postal_code: '76343' },
      phones: [{ indicative: '52', number: '4421234567' }],
      contacts: [{ first_name: 'Rosa', last_name: 'Domínguez', email: 'cuentasporpagar@xenon.example.mx' }],
      related_users: { seller_id: seller1 },
    },
    {
      person_type: 'company', ...rfc('XIA190128J61'), branch_office: 1, name: ['XENON INDUSTRIAL ARTICLES'], tax_regime: '601',
      commercial_name: 'Xenon planta Monterrey',
      address: { address: 'Av. Constitución 2050 Pte.', city: { country_code: 'MX', state_code: 'NLE' }, postal_code: '76343' },
      contacts: [{ first_name: 'Óscar', last_name: 'Villarreal', email: 'monterrey@xenon.example.mx' }],
      comments: 'Sucursal 1: misma RFC y domicilio fiscal',
    },
    {
      person_type: 'company', ...rfc('URE180429TM6'), name: ['UNIVERSIDAD ROBOTICA ESPAÑOLA'], tax_regime: '601',
      address: { address: 'Calle Río Lerma 232', city: { country_code: 'MX', state_code: 'CMX' }, postal_code: '65000' },
      contacts: [{ first_name: 'Héctor', last_name: 'Salinas', email: 'facturas@ure.example.mx' }],
    },
    {
      person_type: 'person', ...rfc('MASO451221PM4'), name: ['MARIA OLIVIA', 'MARTINEZ SAGAZ'], tax_regime: '612',
      address: { address: 'Calle Hidalgo 45', city: { country_code: 'MX', state_code: 'SIN' }, postal_code: '80290' },
      phones: [{ indicative: '52', number: '6671234567' }],
      contacts: [{ first_name: 'María Olivia', last_name: 'Martínez Sagaz', email: 'olivia.martinez@correo.example.mx' }],
    },
    {
      person_type: 'person', ...rfc('CACX7605101P8'), name: ['XOCHILT', 'CASAS CHAVEZ'], tax_regime: '612',
      address: { address: 'Calle Juárez 18', city: { country_code: 'MX', state_code: 'GUA' }, postal_code: '36257' },
      contacts: [{ first_name: 'Xochilt', last_name: 'Casas Chávez', email: 'xochilt.casas@correo.example.mx' }],
    },
    {
      // Público en general: the generic RFC has 13 characters, the shape of a persona física's RFC, and the SAT
      // treats it as a person for CFDI uses (S01 with régimen 616), so it is a person here; its two name elements
      // join to the Nombre the SAT requires, "PUBLICO EN GENERAL". Its fiscal domicile is the place of issue.
      person_type: 'person', ...rfc('XAXX010101000'), name: ['PUBLICO EN', 'GENERAL'], tax_regime: '616',
      address: { address: 'Domicilio conocido', city: { country_code: 'MX', state_code: 'CMX' }, postal_code: MX_POSTAL_CODE },
      comments: 'Ventas a público en general (RFC genérico)',
    },
    {
      person_type: 'person', ...rfc('FUNK671228PH6'), name: ['KARLA', 'FUENTE NOLASCO'], tax_regime: '612', active: false,
      address: { address: 'Av. Insurgentes Sur 1000', city: { country_code: 'MX', state_code: 'CMX' }, postal_code: '01160' },
      contacts: [{ first_name: 'Karla', last_name: 'Fuente Nolasco', email: 'karla.fuente@correo.example.mx' }],
      comments: 'Cliente inactivo',
    },
  ]);

  const listPrice = pricesIn('MXN');
  await insertAll(q, 'price_lists', id, priceLists(['Precio de lista', 'Precio de mayoreo']));
  const [goods, services, food] = await insertAll(q, 'account_groups', id, [
    { name: 'Mercancías' }, { name: 'Servicios' }, { name: 'Alimentos y bebidas' }, { name: 'Activo fijo (inactivo)', active: false },
  ]);
  await insertAll(q, 'products', id, [
    { code: 'LAP14', name: 'Laptop 14 pulgadas', account_group_id: goods, tax_ids: [iva16], prices: listPrice(18999), unit: 'H87',
      sat_product_key: '43211503', sat_unit_key: 'H87', tax_object: '02',
      long_description: 'Laptop 14 pulgadas, procesador de 8 núcleos, 16 GB de RAM, SSD de 512 GB, garantía de un año' },
    { code: 'MOUSE01', name: 'Mouse inalámbrico', account_group_id: goods, tax_ids: [iva16], prices: listPrice(349), unit: 'H87',
      sat_product_key: '43211708', sat_unit_key: 'H87', tax_object: '02' },
    { code: 'MONIT24', name: 'Monitor 24 pulgadas (región fronteriza)', account_group_id: goods, tax_ids: [iva8], prices: listPrice(3499), unit: 'H87',
      sat_product_key: '43211902', sat_unit_key: 'H87', tax_object: '02' },
    { code: 'AGUA20L', name: 'Agua purificada garrafón 20 L', account_group_id: food, tax_ids: [iva0], prices: listPrice(45), unit: 'H87',
      sat_product_key: '50202301', sat_unit_key: 'H87', tax_object: '02' },
    { code: 'BOTANA45', name: 'Botana de papa 45 g', account_group_id: food, tax_ids: [iva16, ieps8], prices: listPrice(18.5), unit: 'H87',
      sat_product_key: '50192100', sat_unit_key: 'H87', tax_object: '02' },
    { code: 'GEN001', name: 'Artículo general', account_group_id: goods, tax_ids: [iva16], prices: listPrice(100), unit: 'H87',
      sat_product_key: '01010101', sat_unit_key: 'H87', tax_object: '02' },
    { code: 'CONSULT', name: 'Consultoría en sistemas (hora)', account_group_id: services, type: 'Service', tax_ids: [iva16], prices: listPrice(1500), unit: 'E48',
      sat_product_key: '81111500', sat_unit_key: 'E48', tax_object: '02',
      long_description: 'Hora de consultoría en ingeniería de software: análisis, diseño e integración de sistemas' },
    { code: 'SOPORTE', name: 'Soporte técnico mensual', account_group_id: services, type: 'Service', tax_ids: [iva16], prices: listPrice(3500), unit: 'E48',
      sat_product_key: '81112200', sat_unit_key: 'E48', tax_object: '02' },
    // An advance and its application (src/notes/mx-advance.ts): the SAT's concept 84111506 with unit ACT.
    { code: 'ANTICIPO', name: 'Anticipo del bien o servicio', account_group_id: services, type: 'Service', tax_ids: [iva16], prices: listPrice(1), unit: 'ACT',
      sat_product_key: '84111506', sat_unit_key: 'ACT', tax_object: '02' },
    { code: 'TAB10', name: 'Tableta 10 pulgadas (descontinuada)', account_group_id: goods, tax_ids: [iva16], prices: listPrice(5999), unit: 'H87',
      sat_product_key: '43211509', sat_unit_key: 'H87', tax_object: '02', active: false },
  ]);

  await insertAll(q, 'warehouses', id, [
    { name: 'Almacén CDMX' }, { name: 'Almacén Monterrey' }, { name: 'Almacén Guadalajara (cerrado)', active: false },
  ]);
  await insertAll(q, 'cost_centers', id, [
    { code: 'ADM', name: 'Administración' }, { code: 'VTA', name: 'Ventas' }, { code: 'PRY', name: 'Proyecto terminado', active: false },
  ]);
  return id;
}
