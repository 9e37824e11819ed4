/**
 * Names of the units of measure a product's `unit` is answered with ({code, name}):
 * common codes of UN/ECE Recommendation 20, which both the DIAN (InvoicedQuantity/@unitCode)
 * and the SAT (c_ClaveUnidad) use, plus the DIAN's "94" (unit). A code not listed here
 * is answered with its code as its name.
 */
const UNIT_NAMES: Record<string, string> = {
  94: 'Unidad', C62: 'Unidad', EA: 'Cada uno', NIU: 'Número de unidades internacionales', H87: 'Pieza', E48: 'Unidad de servicio',
  ACT: 'Actividad', ZZ: 'Mutuamente definido', XBX: 'Caja', XPK: 'Paquete', PR: 'Par', DZN: 'Docena', SET: 'Juego', KT: 'Kit',
  HUR: 'Hora', MIN: 'Minuto', SEC: 'Segundo', DAY: 'Día', WEE: 'Semana', MON: 'Mes', ANN: 'Año',
  KGM: 'Kilogramo', GRM: 'Gramo', MGM: 'Miligramo', TNE: 'Tonelada', LBR: 'Libra',
  LTR: 'Litro', MLT: 'Mililitro', GLL: 'Galón', MTQ: 'Metro cúbico',
  MTR: 'Metro', CMT: 'Centímetro', MMT: 'Milímetro', KMT: 'Kilómetro', MTK: 'Metro cuadrado', INH: 'Pulgada', FOT: 'Pie',
  KWH: 'Kilovatio hora',
};

export const unitJson = (code: string) => ({ code, name: UNIT_NAMES[code] ?? code });
