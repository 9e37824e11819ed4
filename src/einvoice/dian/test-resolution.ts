import type { DianResolution } from './ubl';

/** The DIAN's test numbering of habilitación, the same for every company. */
export const TEST_RESOLUTION: DianResolution = {
  number: '18760000001', prefix: 'SETP', from: 990000000, to: 995000000,
  valid_from: '2019-01-19', valid_to: '2030-01-19', technical_key: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
};
