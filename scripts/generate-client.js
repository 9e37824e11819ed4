#!/usr/bin/env node
// Writes the typed client's schema (clients/typescript/src/schema.d.ts) from the OpenAPI document the
// service serves: it starts the built service on a temporary embedded database, reads /openapi.json and
// runs openapi-typescript. `npm run client:generate` builds first; run it after changing the API.
const fs = require('node:fs');
const path = require('node:path');

(async () => {
  const { startTestServer } = require('../dist/test/support/server');
  const { clientSchema, SCHEMA_FILE } = require('../dist/test/support/client-schema');
  const s = await startTestServer('pglite');
  try {
    const res = await s.call('GET', '/openapi.json');
    const file = path.join(__dirname, '..', SCHEMA_FILE);
    fs.writeFileSync(file, await clientSchema(res.body));
    console.log(`wrote ${SCHEMA_FILE}`);
  } finally {
    await s.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
