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
