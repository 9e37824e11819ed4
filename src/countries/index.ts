/**
 * The countries the service issues documents for, by code: `country(company.country)` answers what differs (the
 * interface is src/countries/country.ts). A country is a folder here (co/, mx/) whose index.ts exports its `Country`,
 * listed below; the checklist for adding one is in docs/internals.md ("Adding a country").
 */
import { colombia } from './co';
import type { Country, UblAccounts } from './country';
import { mexico } from './mx';

export type { Country, DocumentForm, Documents, UblAccounts } from './country';
/** A country's ISO 3166-1 alpha-2 code, as companies.country holds it. */
export type CountryCode = string;

const registry = new Map<string, Country>([[colombia.code, colombia], [mexico.code, mexico]]);

/** The country of this code; throws for a code the service does not serve (a programming error: companies.country is checked). */
export function country(code: CountryCode): Country {
  const c = registry.get(code);
  if (!c) throw new Error(`No country ${code} is registered (src/countries)`);
  return c;
}

/** The accounts the UBL form's documents of this country post to; throws for a country without them (a programming error). */
export function ublAccounts(code: CountryCode): UblAccounts {
  const a = country(code).ledger.ubl;
  if (!a) throw new Error(`Country ${code} names no accounts for the UBL form's documents (src/countries, ledger.ubl)`);
  return a;
}

/** The country of this code, or undefined (for codes from outside: a customer's address abroad). */
export const served = (code: string): Country | undefined => registry.get(code);

/** Every country served, in the order their API bases are registered. */
export const countries = (): Country[] => [...registry.values()];

/** Where a registered test-only country is exported from, so that the worker threads register it too (src/workers/thread.ts). */
export interface CountryModule { code: string; module: string; name: string }
const registered = new Map<string, CountryModule>();
let generation = 0;

/**
 * Adds a test-only country to the registry until the function it answers is called (test/support/zedland.ts). Only
 * under Node's test runner (NODE_TEST_CONTEXT, as HASH_COST=test): a service started otherwise serves exactly the
 * countries listed above, and src/server.ts writes the registry's codes into the countries table at each start, so a
 * code no process registers can reach no company. With `from` (the module and export that hold it), the worker
 * threads register it too before their next task (src/workers/pool.ts), so its PDFs are drawn as the listed countries' are.
 */
export function registerCountry(c: Country, env: NodeJS.ProcessEnv = process.env, from?: Omit<CountryModule, 'code'>): () => void {
  if (!env.NODE_TEST_CONTEXT) throw new Error(`registerCountry(${c.code}) is for the test suite only (under node --test): the service's countries are listed in src/countries/index.ts`);
  if (registry.has(c.code)) throw new Error(`Country ${c.code} is already registered`);
  registry.set(c.code, c);
  if (from) registered.set(c.code, { code: c.code, ...from });
  generation++;
  return () => { registry.delete(c.code); registered.delete(c.code); generation++; };
}

/** The test-only countries registered with their module, for the worker threads to register, and a number that changes with them. */
export const countryModules = (): { generation: number; modules: CountryModule[] } => ({ generation, modules: [...registered.values()] });

/** In a worker thread: registers the test-only countries of `modules` not yet registered, and unregisters those gone. */
const inThread = new Map<string, () => void>();
export function threadCountries(modules: CountryModule[]): void {
  for (const [code, undo] of inThread) if (!modules.some((m) => m.code === code)) { undo(); inThread.delete(code); }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module is named at run time
  for (const m of modules) if (!inThread.has(m.code)) inThread.set(m.code, registerCountry(require(m.module)[m.name]));
}

export { colombia, mexico };
