/**
 * The demo companies: one Colombian and one Mexican company with complete
 * master data (document types, taxes, payment types, global discounts and
 * charges, sellers, customers, products, account groups, price lists,
 * warehouses, cost centers and a chart of accounts), and an API user each with a fixed, documented access key, so a
 * newcomer can call the API at once.
 *
 * `ensureDemo` is idempotent: it creates what is missing in one transaction,
 * serialised by an advisory lock, and otherwise only makes sure the demo API
 * users exist, are active, are unlocked and answer to the fixed keys.
 */
import crypto from 'node:crypto';
import type { Db, Queryable } from '../platform/db';
import { createApiUser, hashKey, type CompanySettings } from '../platform/auth';
import { nitCheckDigit } from '../platform/nit';
import { CO_ACCOUNTS, CO_ALLOWANCE_CHARGES, CO_NOTE_TYPES, CO_PAYMENT_TYPES, CO_TAXES } from './catalogs/co';
import { MX_ACCOUNTS, MX_ALLOWANCE_CHARGES, MX_CREDIT_NOTE_TYPE, MX_PAYMENT_TYPE, MX_PAYMENT_TYPES, MX_TAXES } from './catalogs/mx';
import { insertAll, priceLists } from './catalogs/rows';
import { assertAccountsExist } from './catalogs/starter';
import type { CountryCode } from '../countries';

export const DEMO_CREDENTIALS = {
  co: { username: 'demo-co', access_key: 'demo-co-key-0f4c1b7e9a' },
  mx: { username: 'demo-mx', access_key: 'demo-mx-key-5d2e8a3c61' },
} as const;

/** Serialises concurrent ensureDemo calls on one server (migrations use 727001). */
const DEMO_LOCK = 727002;

export interface DemoResult {
  created: boolean;
  co: { username: string; access_key: string };
  mx: { username: string; access_key: string };
}

export async function ensureDemo(db: Db): Promise<DemoResult> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [DEMO_LOCK]);
    let created = false;
    for (const [country, creds] of [['CO', DEMO_CREDENTIALS.co], ['MX', DEMO_CREDENTIALS.mx]] as const) {
      let companyId = await findDemoCompany(q, country);
      if (companyId === null) {
        companyId = country === 'CO' ? await seedColombia(q) : await seedMexico(q);
        await assertAccountsExist(q, companyId, country);
        created = true;
      }
      await ensureApiUser(q, companyId, creds.username, creds.access_key);
    }
    return {
      created,
      co: { username: DEMO_CREDENTIALS.co.username, access_key: DEMO_CREDENTIALS.co.access_key },
      mx: { username: DEMO_CREDENTIALS.mx.username, access_key: DEMO_CREDENTIALS.mx.access_key },
    };
  });
}

async function findDemoCompany(q: Queryable, country: CountryCode): Promise<number | null> {
  const [row] = await q.query<{ company_id: number }>(
    'SELECT company_id FROM companies WHERE is_demo = true AND country = $1 ORDER BY company_id LIMIT 1', [country]);
  return row ? row.company_id : null;
}

/**
 * The demo user exists in the demo company, is active and unlocked, and its
 * stored hash matches the fixed key; a changed key (e.g. rotated by an
 * operator) is put back and that user's tokens are revoked.
 */
async function ensureApiUser(q: Queryable, companyId: number, username: string, accessKey: string): Promise<void> {
  const [user] = await q.query<{ id: number; company_id: number; key_salt: string; key_hash: string; active: boolean; failed_logins: number; locked_until: Date | null }>(
    'SELECT id, company_id, key_salt, key_hash, active, failed_logins, locked_until FROM api_users WHERE username = $1', [username]);
  if (!user) {
    await createApiUser(q, companyId, username, accessKey);
    return;
  }
  if (user.company_id !== companyId) {
    throw new Error(`The API username ${username} is reserved for the demo company ${companyId} but belongs to company ${user.company_id}; rename that user first`);
  }
  const { hash } = await hashKey(accessKey, user.key_salt);
  const stored = Buffer.from(user.key_hash, 'hex');
  const matches = stored.length === 32 && crypto.timingSafeEqual(Buffer.from(hash, 'hex'), stored);
  if (!matches) {
    const fresh = await hashKey(accessKey);
    await q.query(
      'UPDATE api_users SET key_salt = $3, key_hash = $4, active = true, failed_logins = 0, locked_until = NULL WHERE company_id = $1 AND id = $2',
      [companyId, user.id, fresh.salt, fresh.hash]);
    await q.query('DELETE FROM api_tokens WHERE company_id = $1 AND api_user_id = $2', [companyId, user.id]);
  } else if (!user.active || user.failed_logins !== 0 || user.locked_until !== null) {
    await q.query('UPDATE api_users SET active = true, failed_logins = 0, locked_until = NULL WHERE company_id = $1 AND id = $2', [companyId, user.id]);
  }
}

async function insertCompany(q: Queryable, c: {
  country: CountryCode; legal_name: string; tax_id: string; check_digit: string | null;
  address: object; settings: CompanySettings; time_zone: 'America/Bogota' | 'America/Mexico_City';
}): Promise<number> {
  const [taken] = await q.query<{ company_id: number }>('SELECT company_id FROM companies WHERE country = $1 AND tax_id = $2', [c.country, c.tax_id]);
  if (taken) throw new Error(`Company ${taken.company_id} already uses the demo tax id ${c.tax_id} (${c.country}) without being the demo company`);
  const [row] = await q.query<{ company_id: number }>(
    `INSERT INTO companies (country, legal_name, tax_id, check_digit, address, settings, time_zone, is_demo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, true) RETURNING company_id`,
    [c.country, c.legal_name, c.tax_id, c.check_digit, JSON.stringify(c.address), JSON.stringify(c.settings), c.time_zone]);
  return row.company_id;
}

/** A product's prices in the company's currency, on price lists 1, 2, … */
const pricesIn = (currency_code: string) => (...values: number[]) => [{ currency_code, price_list: values.map((value, i) => ({ position: i + 1, value })) }];
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

async function seedColombia(q: Queryable): Promise<number> {
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

// ---------------------------------------------------------------------------
// Mexico

/** The SAT's test taxpayer (its CSD test certificates are public), so stamping sandboxes accept the issuer. */
const MX_RFC = 'EKU9003173C9';
const MX_POSTAL_CODE = '06600';

async function seedMexico(q: Queryable): Promise<number> {
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
