/**
 * The countries the service issues documents for, by code: `country(company.country)` answers what differs (the
 * interface is src/countries/country.ts). A country is a folder here (co/, mx/) whose index.ts exports its `Country`,
 * listed below; the checklist for adding one is in docs/internals.md ("Adding a country").
 */
import { colombia } from './co';
import type { Country } from './country';
import { mexico } from './mx';

export type { Country, Documents } from './country';
/** A country's ISO 3166-1 alpha-2 code, as companies.country holds it. */
export type CountryCode = string;

const registry = new Map<string, Country>([[colombia.code, colombia], [mexico.code, mexico]]);

/** The country of this code; throws for a code the service does not serve (a programming error: companies.country is checked). */
export function country(code: CountryCode): Country {
  const c = registry.get(code);
  if (!c) throw new Error(`No country ${code} is registered (src/countries)`);
  return c;
}

/** The country of this code, or undefined (for codes from outside: a customer's address abroad). */
export const served = (code: string): Country | undefined => registry.get(code);

/** Every country served, in the order their API bases are registered. */
export const countries = (): Country[] => [...registry.values()];

/** Adds a country to the registry (tests register their own; the service's are listed above). */
export function registerCountry(c: Country): void {
  registry.set(c.code, c);
}

export { colombia, mexico };
