/**
 * The typed client's schema (clients/typescript/src/schema.d.ts) from an
 * OpenAPI document, by openapi-typescript: what `npm run client:generate`
 * writes and what test/http/client.test.ts compares with the committed file.
 */
export const SCHEMA_FILE = 'clients/typescript/src/schema.d.ts';
const HEADER = '/**\n * Generated from facturas-api\'s OpenAPI document by openapi-typescript (npm run client:generate). Do not edit.\n */\n\n';

/** A real dynamic import (openapi-typescript is an ES module; TypeScript would turn import() into require()). */
const esm = new Function('name', 'return import(name)') as (name: string) => Promise<any>;

export async function clientSchema(openapi: unknown): Promise<string> {
  const { default: openapiTS, astToString } = await esm('openapi-typescript');
  return HEADER + astToString(await openapiTS(openapi as object));
}
