import type { DianResolution } from './ubl';

/** The DIAN's test numbering of habilitación, the same for every company. */
export const TEST_RESOLUTION: DianResolution = {
  number: '18760000001', prefix: 'SETP', from: 990000000, to: 995000000,
  valid_from: '2019-01-19', valid_to: '2030-01-19', technical_key: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
};

/**
 * A numbering on the DIAN's test resolution (its number, or its SETP prefix): it belongs to habilitación
 * (ProfileExecutionID 2) only. A company in production (settings.dian.environment 1) never issues on it: the
 * DIAN gave that resolution to no company, and a CUFE made with its public technical key is not the company's.
 */
export const onTestResolution = (r: { number?: unknown; prefix?: unknown } | null | undefined): boolean =>
  !!r && (r.number === TEST_RESOLUTION.number || String(r.prefix ?? '').toUpperCase() === TEST_RESOLUTION.prefix);

/**
 * The TestSetId the DIAN gives a software's test set: a GUID (8-4-4-4-12 hexadecimal digits). A mistyped one is
 * refused before anything is sent or numbered: the DIAN would reject each of the set's 50 documents, and 50 test
 * numbers would be spent.
 */
export const TEST_SET_ID = { pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$',
  'x-hint': 'must be the GUID the DIAN gave the test set (8-4-4-4-12 hexadecimal digits)' } as const;
export const isTestSetId = (v: unknown): v is string => typeof v === 'string' && new RegExp(TEST_SET_ID.pattern).test(v);
