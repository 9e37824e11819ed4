/** Colombia's demo company (src/companies/demo.ts seeds it once): its record and complete master data. */
import type { Queryable } from '../../platform/db';
import { nitCheckDigit } from '../../platform/nit';
import { CO_ACCOUNTS, CO_ALLOWANCE_CHARGES, CO_NOTE_TYPES, CO_PAYMENT_TYPES, CO_TAXES } from './catalog';
import { insertAll, priceLists } from '../../companies/catalogs/rows';
import { insertCompany, pricesIn } from '../../companies/demo-rows';

const price = pricesIn('COP');
// ---------------------------------------------------------------------------
// Colombia

const CO_NIT = '900456123';
const BOGOTA = { country_code: 'CO', state_code: '11', city_code: '11001' };
const MEDELLIN = { country_code: 'CO', state_code: '05', city_code: '05001' };
const CALI = { country_code: 'CO', state_code: '76', city_code: '76001' };
const BARRANQUILLA = { country_code: 'CO', state_code: '08', city_code: '08001' };
const CARTAGENA = { country_code: 'CO', state_code: '13', city_code: '13001' };
const BUCARAMANGA = { country_code: 'CO', state_code: '68', city_code: '68001' };
const NOT_RESPONSIBLE = [{ code: 'R-99-PN', name: 'No responsable' }];
/** A person not responsible for VAT, who is their own contact. */
const person = (id_type: string, identification: string, name: [string, string], address: { address: string; city: typeof BOGOTA; postal_code: string },
  [indicative, number]: [string, string], email: string) => ({
  person_type: 'person' as const, id_type, identification, name, fiscal_responsibilities: NOT_RESPONSIBLE, address,
  phones: [{ indicative, number }], contacts: [{ first_name: name[0], last_name: name[1], email }],
});

export async function seedColombia(q: Queryable): Promise<number> {
  const id = await insertCompany(q, {
    country: 'CO', legal_name: 'Comercializadora Andina Demo S.A.S.', tax_id: CO_NIT, check_digit: nitCheckDigit(CO_NIT),
    address: { address: 'Cra 7 # 26-20 Piso 12', city: BOGOTA, postal_code: '110311' },
    settings: {
      foreign_currency: { enabled: true, currencies: ['USD', 'EUR'] }, warehouses_enabled: true, seller_by_item: false,
      cost_center_required: false, long_product_descriptions: true,
    },
    time_zone: 'America/Bogota',
  });

  // Chart of accounts: a subset of the Colombian PUC (Decreto 2650 de 1993).
  await insertAll(q, 'accounts', id, CO_ACCOUNTS);

  await insertAll(q, 'document_types', id, [
    {
      code: 'FV-E', name: 'Factura electrónica de venta', type: 'FV', prefix: 'SETP', consecutive: 990000000,
      description: 'Factura electrónica DIAN con resolución de numeración SETP 990000000-995000000; admite ReteIVA, ReteICA, autorretención y anticipos',
      electronic_type: 'ElectronicInvoice', reteiva: true, reteica: true, self_withholding: true, advance_payment: true,
      resolution: {
        number: '18760000001', prefix: 'SETP', from: 990000000, to: 995000000, valid_from: '2019-01-19', valid_to: '2030-01-19',
        technical_key: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
      },
    },
    {
      code: 'FV', name: 'Factura de venta', type: 'FV', prefix: 'FV', consecutive: 1,
      description: 'Factura de venta no electrónica, numeración automática; admite ReteIVA, ReteICA, autorretención y anticipos',
      reteiva: true, reteica: true, self_withholding: true, advance_payment: true,
    },
    { code: 'FV-TER', name: 'Factura de venta con terceros', type: 'FV', prefix: 'FT', customer_by_item: true,
      description: 'Permite un tercero (items.customer) por línea' },
    { code: 'FV-PCT', name: 'Factura de venta con descuento porcentual', type: 'FV', prefix: 'FP', discount_type: 'Percentage',
      description: 'items.discount se lee como porcentaje' },
    { code: 'FV-CC', name: 'Factura de venta por centro de costo', type: 'FV', prefix: 'FC', cost_center: true, cost_center_mandatory: true,
      description: 'Exige centro de costo en la factura' },
    { code: 'FV-VEN', name: 'Factura de venta con vendedor por ítem', type: 'FV', prefix: 'FS', seller_by_item: true,
      description: 'Exige vendedor (items.seller) en cada línea' },
    { code: 'FV-MAN', name: 'Factura de venta con numeración manual', type: 'FV', prefix: 'FM', automatic_number: false,
      description: 'El número de la factura se envía en la solicitud' },
    { code: 'FV-CAR', name: 'Factura de venta de transporte de carga', type: 'FV', prefix: 'FTC', cargo_transportation: true,
      description: 'Admite los datos de transporte de carga (items.transport)' },
    { code: 'FV-SAL', name: 'Factura de venta del sector salud', type: 'FV', prefix: 'FSS', healthcare_company: true,
      description: 'Admite los campos del sector salud' },
    { code: 'FV-INA', name: 'Factura de venta (inactiva)', type: 'FV', prefix: 'FX', active: false,
      description: 'Tipo de documento inactivo: las facturas que lo usan son rechazadas' },
    { code: 'RC', name: 'Recibo de caja', type: 'RC', prefix: 'RC', description: 'Recibo de caja con numeración automática' },
    { code: 'RC-MAN', name: 'Recibo de caja con numeración manual', type: 'RC', prefix: 'RM', automatic_number: false,
      description: 'El número del recibo se envía en la solicitud' },
    { code: 'NC-E', name: 'Nota crédito electrónica', type: 'NC', prefix: 'NCE', electronic_type: 'ElectronicInvoice',
      description: 'Nota crédito electrónica DIAN (CUDE) de las facturas electrónicas; admite ReteIVA, ReteICA y autorretención',
      reteiva: true, reteica: true, self_withholding: true },
    { code: 'ND-E', name: 'Nota débito electrónica', type: 'ND', prefix: 'NDE', electronic_type: 'ElectronicInvoice',
      description: 'Nota débito electrónica DIAN (CUDE) de las facturas electrónicas; admite ReteIVA, ReteICA y autorretención',
      reteiva: true, reteica: true, self_withholding: true },
    ...CO_NOTE_TYPES,
    // Last, so that the ids of the types above stay what the documentation's examples show.
    {
      code: 'POS', name: 'Documento equivalente electrónico POS', type: 'FV', prefix: 'POS', consecutive: 1,
      description: 'Tiquete de máquina registradora con sistema P.O.S. (documento equivalente electrónico, CUDE); resolución de demostración POS 1-5000000',
      electronic_type: 'PosEquivalentDocument',
      resolution: {
        number: '18764999000001', prefix: 'POS', from: 1, to: 5000000, valid_from: '2024-01-01', valid_to: '2030-12-31',
        technical_key: 'b7d2e1a94c3f5068d1e2a3b4c5d6e7f809a1b2c3',
      },
    },
  ]);

  const [iva19, iva5, iva0, inc8] = await insertAll(q, 'taxes', id, CO_TAXES);

  await insertAll(q, 'payment_types', id, CO_PAYMENT_TYPES);

  await insertAll(q, 'allowance_charges', id, CO_ALLOWANCE_CHARGES);

  const [seller1, seller2] = await insertAll(q, 'sellers', id, [
    { username: 'lmartinez', first_name: 'Laura', last_name: 'Martínez Rojas', email: 'laura.martinez@andina-demo.example.co', identification: '1020304050' },
    { username: 'jperez', first_name: 'Juan Camilo', last_name: 'Pérez Ortiz', email: 'juan.perez@andina-demo.example.co', identification: '80123456' },
    { username: 'dcastro', first_name: 'Diana', last_name: 'Castro Molina', email: 'diana.castro@andina-demo.example.co', identification: '52987654' },
    { username: 'rvargas', first_name: 'Ricardo', last_name: 'Vargas León', email: 'ricardo.vargas@andina-demo.example.co', identification: '79456123', active: false },
  ]);

  const nit = (n: string) => ({ id_type: '31', identification: n, check_digit: nitCheckDigit(n) });
  await insertAll(q, 'customers', id, [
    {
      person_type: 'company', ...nit('900547821'), branch_office: 0, name: ['Supermercados La Estrella S.A.S.'],
      commercial_name: 'La Estrella', vat_responsible: true, fiscal_responsibilities: [{ code: 'O-23', name: 'Agente de retención IVA' }],
      address: { address: 'Calle 80 # 68-45', city: BOGOTA, postal_code: '111061' },
      phones: [{ indicative: '57', number: '6014567890', extension: '101' }],
      contacts: [{ first_name: 'Andrea', last_name: 'Salazar', email: 'compras@laestrella.example.co', phone: { indicative: '57', number: '3104567890' } }],
      related_users: { seller_id: seller1, collector_id: seller2 }, custom_fields: [{ key: 'segmento', value: 'retail' }],
      comments: 'Sede principal',
    },
    {
      person_type: 'company', ...nit('900547821'), branch_office: 1, name: ['Supermercados La Estrella S.A.S.'],
      commercial_name: 'La Estrella Medellín', vat_responsible: true, fiscal_responsibilities: [{ code: 'O-23', name: 'Agente de retención IVA' }],
      address: { address: 'Carrera 43A # 1-50', city: MEDELLIN, postal_code: '050021' },
      phones: [{ indicative: '57', number: '6042345678' }],
      contacts: [{ first_name: 'Felipe', last_name: 'Restrepo', email: 'medellin@laestrella.example.co' }],
      comments: 'Sucursal Medellín (misma identificación, sucursal 1)',
    },
    {
      person_type: 'company', ...nit('890114578'), name: ['Industrias Metálicas del Caribe S.A.'],
      vat_responsible: true, fiscal_responsibilities: [{ code: 'O-13', name: 'Gran contribuyente' }, { code: 'O-15', name: 'Autorretenedor' }],
      address: { address: 'Vía 40 # 73-290', city: BARRANQUILLA, postal_code: '080001' },
      phones: [{ indicative: '57', number: '6053698521', extension: '220' }],
      contacts: [{ first_name: 'Luis Fernando', last_name: 'Ochoa', email: 'facturacion@metalcaribe.example.co', phone: { indicative: '57', number: '3157894561' } }],
    },
    {
      person_type: 'company', ...nit('901328764'), name: ['Panadería El Trigal S.A.S.'],
      vat_responsible: true, fiscal_responsibilities: [{ code: 'O-47', name: 'Régimen simple de tributación' }],
      address: { address: 'Avenida 6N # 23-61', city: CALI, postal_code: '760045' },
      phones: [{ indicative: '57', number: '6026601234' }],
      contacts: [{ first_name: 'Gloria', last_name: 'Cifuentes', email: 'eltrigal@eltrigal.example.co' }],
    },
    person('13', '1032456789', ['Carlos Andrés', 'Ramírez Gómez'], { address: 'Calle 45 # 13-22 Apto 301', city: BOGOTA, postal_code: '110311' }, ['57', '3001234567'], 'carlos.ramirez@correo.example.co'),
    person('22', '456789', ['María José', 'Fernández López'], { address: 'Centro Calle del Arsenal # 10-35', city: CARTAGENA, postal_code: '130001' }, ['57', '3209876543'], 'mariajose.fernandez@correo.example.co'),
    person('41', 'PA1234567', ['John Michael', 'Smith Taylor'], { address: 'Carrera 35 # 8A-20 El Poblado', city: MEDELLIN, postal_code: '050021' }, ['1', '3055550123'], 'john.smith@mail.example.com'),
    {
      person_type: 'person', id_type: '13', identification: '79865432', name: ['Pedro Pablo', 'Suárez Díaz'], active: false,
      fiscal_responsibilities: NOT_RESPONSIBLE, address: { address: 'Calle 36 # 27-52', city: BUCARAMANGA, postal_code: '680003' },
      phones: [{ indicative: '57', number: '3186543210' }],
      contacts: [{ first_name: 'Pedro Pablo', last_name: 'Suárez Díaz', email: 'pedro.suarez@correo.example.co' }],
      comments: 'Cliente inactivo',
    },
  ]);

  await insertAll(q, 'price_lists', id, priceLists(['Precio de venta', 'Precio mayorista']));
  const [goods, services, food] = await insertAll(q, 'account_groups', id, [
    { name: 'Mercancías' }, { name: 'Servicios' }, { name: 'Alimentos y bebidas' }, { name: 'Activos fijos (inactivo)', active: false },
  ]);
  await insertAll(q, 'products', id, [
    { code: 'PORT14', name: 'Computador portátil 14 pulgadas', account_group_id: goods, tax_ids: [iva19], prices: price(2850000, 2700000), unit: '94',
      long_description: 'Computador portátil 14 pulgadas, procesador de 8 núcleos, 16 GB de RAM, disco SSD de 512 GB, garantía de un año' },
    { code: 'MOUSE01', name: 'Mouse inalámbrico', account_group_id: goods, tax_ids: [iva19], prices: price(65000), unit: '94' },
    { code: 'CAFE500', name: 'Café molido 500 g', account_group_id: food, tax_ids: [iva5], prices: price(18500, 17200), unit: '94',
      long_description: 'Café 100 % colombiano de origen Huila, tostión media, molienda fina, bolsa de 500 g' },
    { code: 'ARROZ1K', name: 'Arroz blanco 1 kg', account_group_id: food, tax_ids: [iva0], prices: price(4800), unit: '94' },
    { code: 'LIBRO01', name: 'Libro Contabilidad básica', account_group_id: goods, tax_ids: [], prices: price(95000), unit: '94' },
    { code: 'ALMUERZO', name: 'Almuerzo ejecutivo', account_group_id: food, tax_ids: [inc8], prices: price(25000), unit: '94' },
    { code: 'INSTAL01', name: 'Servicio de instalación y configuración', account_group_id: services, type: 'Service', tax_ids: [iva19], prices: price(150000), unit: '94',
      long_description: 'Instalación de equipos, configuración de red y software básico en las instalaciones del cliente' },
    { code: 'ASESORIA', name: 'Asesoría contable por hora', account_group_id: services, type: 'Service', tax_ids: [iva19], prices: price(120000), unit: 'HUR' },
    { code: 'FLETE01', name: 'Transporte de carga terrestre', account_group_id: services, type: 'Service', tax_ids: [], prices: price(1200000), unit: '94' },
    { code: 'CONSULTA', name: 'Consulta médica general', account_group_id: services, type: 'Service', tax_ids: [], prices: price(80000), unit: '94' },
    { code: 'IMPRES01', name: 'Impresora láser (descontinuada)', account_group_id: goods, tax_ids: [iva19], prices: price(890000), unit: '94', active: false },
    { code: 'INTERES', name: 'Intereses de financiación', account_group_id: services, type: 'Service', tax_ids: [], prices: price(0), unit: '94',
      long_description: 'Intereses por pago tardío, cobrados con nota débito' },
  ]);

  await insertAll(q, 'warehouses', id, [
    { name: 'Bodega principal Bogotá' }, { name: 'Bodega Medellín' }, { name: 'Bodega Cali (cerrada)', active: false },
  ]);
  await insertAll(q, 'cost_centers', id, [
    { code: 'ADM', name: 'Administración' }, { code: 'VEN', name: 'Ventas' }, { code: 'PRY', name: 'Proyecto terminado', active: false },
  ]);
  return id;
}

