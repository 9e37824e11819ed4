#!/usr/bin/env node
// Writes the OpenAPI document's examples (src/openapi-examples.json): for every public operation, the request
// body it was sent and the answer the service gave, recorded on a temporary embedded database with the demo
// companies by calling each route once (test/support/examples.ts). `npm run docs:examples` builds first; run it
// after changing what a route takes or answers (then `npm run client:generate`: the client's comments show them).
const fs = require('node:fs');
const path = require('node:path');

(async () => {
  const { startTestServer } = require('../dist/test/support/server');
  const { recordExamples, EXAMPLES_FILE } = require('../dist/test/support/examples');
  const s = await startTestServer('pglite');
  try {
    const examples = await recordExamples(s);
    fs.writeFileSync(path.join(__dirname, '..', EXAMPLES_FILE), `${JSON.stringify(examples, null, 2)}\n`);
    console.log(`wrote ${EXAMPLES_FILE}: examples of ${Object.keys(examples).length} operations`);
  } finally {
    await s.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
