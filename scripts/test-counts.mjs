// A reporter for Node's test runner (scripts/run-tests.js gives it to each process it starts): writes, once the
// process has run, one JSON object with its counts of tests (suites not counted) and the names of those that failed,
// in all and by top-level suite (in a bundle, test/support/bundle.ts, each file is one), with each suite's time.
// A failed test's name is followed by the first lines of its error: the end of the run's output then says why it
// failed, where CI keeps only that end.
const zero = () => ({ tests: 0, pass: 0, fail: 0, skipped: 0, todo: 0, cancelled: 0, failed: [] });

export default async function* counts(source) {
  const all = zero();
  const suites = {};
  let open = zero(); // what ran since the last top-level suite ended: that suite's
  const add = (key, name) => { for (const c of [all, open]) { c[key]++; if (name) c.failed.push(name); } };
  /** The first lines of a failure's error (its cause's, when the runner wrapped it), at most 600 characters. */
  const why = (error) => {
    const e = error?.cause ?? error;
    const text = String(e?.message ?? e ?? '').split('\n').slice(0, 12).join(' | ');
    return text.length > 600 ? `${text.slice(0, 600)}…` : text;
  };
  for await (const ev of source) {
    if (ev.type !== 'test:pass' && ev.type !== 'test:fail') continue;
    const d = ev.data;
    if (d.details?.type === 'suite') {
      // A suite fails on its own when a hook of it fails (its tests are then cancelled and counted as such).
      if (ev.type === 'test:fail' && d.details?.error?.failureType !== 'subtestsFailed') add('fail', d.name);
    } else if (d.skip) add('skipped');
    else if (d.todo) add('todo');
    else if (ev.type === 'test:pass') add('pass');
    else if (d.details?.error?.failureType === 'cancelledByParent') add('cancelled', d.name);
    else add('fail', `${d.name}: ${why(d.details?.error)}`);
    if (d.details?.type !== 'suite') { all.tests++; open.tests++; }
    if (d.nesting === 0) {
      suites[d.name] = { ...open, seconds: (d.details?.duration_ms ?? 0) / 1000 };
      open = zero();
    }
  }
  yield `${JSON.stringify({ ...all, suites })}\n`;
}
