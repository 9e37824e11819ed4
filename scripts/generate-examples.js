#!/usr/bin/env node
// Writes the OpenAPI document's creation examples (src/openapi-examples.json): each request and the answer
// the service gave it, recorded on a temporary embedded database with the demo companies
// (test/support/examples.ts). `npm run docs:examples` builds first; run it after changing a document's shape.
const fs = require('node:fs');
const path = require('node:path');

(async () => {
  const { startTestServer } = require('../dist/test/support/server');
  const { recordExamples, EXAMPLES_FILE } = require('../dist/test/support/examples');
  const s = await startTestServer('pglite');
  try {
    const examples = await recordExamples(s);
    fs.writeFileSync(path.join(__dirname, '..', EXAMPLES_FILE), `${JSON.stringify(examples, null, 2)}\n`);
    console.log(`wrote ${EXAMPLES_FILE}: ${Object.keys(examples).join(', ')}`);
  } finally {
    await s.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
