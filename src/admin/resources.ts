/** Every collection under /admin/v1/companies/{id}/, in the order the API documents them. */
import { accountGroups, costCenters, exchangeRates, paymentTypes, priceLists, sellers, taxes, warehouses, type Resource } from './collections';
import { documentTypes } from './document-types';
import { certificates } from './certificates';
import { apiUsers } from './api-users';

export const RESOURCES: Resource[] = [
  sellers, documentTypes, taxes, paymentTypes, costCenters, warehouses, priceLists, accountGroups, certificates, exchangeRates, apiUsers,
];
