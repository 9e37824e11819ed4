/**
 * scripts/check-imports.js, the import-graph check `npm run lint` runs: it finds a cycle, a platform module
 * importing a domain folder and a tax-authority client importing src/invoices; an `import type` makes none
 * of these; and the real src/ passes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { check } = require(path.join(__dirname, '..', '..', '..', 'scripts', 'check-imports.js')) as { check: (root: string) => string[] };

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-imports-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

test('a cycle of three modules is found, with its ring', () => {
  const root = tree({
    'a/one.ts': "import { two } from './two';\nexport const one = () => two;\n",
    'a/two.ts': "import { three } from '../b/three';\nexport const two = three;\n",
    'b/three.ts': "import { one } from '../a/one';\nexport const three = () => one;\n",
    'b/free.ts': "export const free = 1;\n",
  });
  const problems = check(root);
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0]!, /^import cycle among 3 modules: a\/one → a\/two → b\/three → a\/one/);
});

test('type-only imports make no cycle; a re-export and a require() do', () => {
  assert.deepEqual(check(tree({
    'x.ts': "import type { Y } from './y';\nexport interface X { y: Y }\n",
    'y.ts': "import { type X } from './x';\nexport interface Y { x?: X }\n",
  })), []);
  assert.equal(check(tree({
    'x.ts': "export { y } from './y';\n",
    'y.ts': "const x = require('./x');\nexport const y = x;\n",
  })).length, 1);
});

test('the layers: platform imports no domain folder; einvoice and the countries do not import src/invoices', () => {
  const problems = check(tree({
    'platform/app.ts': "import { routes } from '../invoices/routes';\nimport { db } from './db';\nexport const app = [routes, db];\n",
    'platform/db.ts': 'export const db = 1;\n',
    'invoices/routes.ts': "import { db } from '../platform/db';\nexport const routes = db;\n",
    'einvoice/sat/finkok.ts': "import { routes } from '../../invoices/routes';\nexport const f = routes;\n",
    'countries/mx/sat/stamp.ts': "import { routes } from '../../../invoices/routes';\nexport const s = routes;\n",
  }));
  assert.deepEqual(problems.sort(), [
    'countries/mx/sat/stamp imports invoices/routes: the countries and their tax authorities do not import the invoice kernel (src/invoices)',
    'einvoice/sat/finkok imports invoices/routes: the tax-authority clients do not import the invoice kernel (src/invoices)',
    'platform/app imports invoices/routes: the platform layer imports no domain folder',
  ]);
});

test('src/ itself passes', () => {
  assert.deepEqual(check(path.join(__dirname, '..', '..', '..', 'src')), []);
});
