/**
 * Runs several test files in one process, one after the other (scripts/run-tests.js):
 *   TEST_BUNDLE=<file>:<file>… node --test dist/test/support/bundle.js
 * (the files relative to dist/test, separated as in PATH).
 * Each file runs inside a suite named after its path, so that its top-level hooks (before, after) stay its own and
 * the reporters see each file's time; the files share what a process loads once (modules, the worker pool and its
 * compiled schemas, the routes' compiled validators), which a process of their own would load again.
 */
import path from 'node:path';
import { after, before, describe } from 'node:test';
import { nowRunning } from './profile';

const root = path.join(__dirname, '..');

// A ref'd timer holds the process while its files run. Without it, a moment when a test awaits work whose handles are
// all unref'd (a worker thread between statements, say) ends the event loop and cancels every file left in the bundle
// ("the event loop has already resolved"); a file that truly hangs is stopped by its timeout instead.
const files = (process.env.TEST_BUNDLE ?? '').split(path.delimiter).filter(Boolean);
if (files.length) {
  const hold = setInterval(() => undefined, 1 << 30);
  after(() => clearInterval(hold));
}
const timeout = (process.env.RELIABILITY === 'long' ? 180 : 20) * 60_000;

// The runner reports an unhandled rejection with its message only (and fails the bundle): its stack says where it came from.
process.on('unhandledRejection', (e) => process.stderr.write(`unhandled rejection in bundle ${files.join(', ')}: ${(e as Error)?.stack ?? String(e)}\n`));

for (const name of files) {
  describe(name, { timeout }, () => {
    before(() => nowRunning(name));
    // The file registers its tests as it loads, synchronously, inside this suite: an import() would load it too late.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(path.join(root, name));
  });
}
