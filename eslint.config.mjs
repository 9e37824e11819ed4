// Lint: ESLint's and typescript-eslint's recommended rules (type-unaware: fast), run by `npm run lint` and in CI.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'clients/typescript/dist/**', 'clients/typescript/src/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // No `any`: rows are typed where they are read (`query<SomeRow>(…)`; a query that names none answers `Row`,
      // whose values are `unknown`), stored documents by their answer types, open shapes as `unknown` narrowed.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // No module of src/ over 450 lines (blank lines and comments count): split by responsibility.
      'max-lines': ['error', { max: 450, skipBlankLines: false, skipComments: false }],
      // A `let` assigned once after closures that read it (server start-up) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // The journal is the ledger's: its SQL (writes and reads of journal_entries and journal_lines) lives in src/ledger,
    // whose functions the document kernels call (batchEntries, entryAccounts, advanceReceived, reverseEntry…).
    files: ['src/**/*.ts'],
    ignores: ['src/ledger/**'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: 'Literal[value=/(INSERT INTO|UPDATE|DELETE FROM|FROM|JOIN)\\s+journal_(entries|lines)/i]', message: 'Journal SQL belongs to src/ledger: call its functions.' },
        { selector: 'TemplateElement[value.raw=/(INSERT INTO|UPDATE|DELETE FROM|FROM|JOIN)\\s+journal_(entries|lines)/i]', message: 'Journal SQL belongs to src/ledger: call its functions.' }],
    },
  },
  {
    // The tests and benchmarks read rows freely (`Db<any>` in test/support).
    files: [
      'test/**/*.ts', 'bench/**/*.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests, benchmarks and scripts are not held to the module size limit.
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.js', 'clients/**/*.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['scripts/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
