/**
 * The figures of the reliability suites. Each part adds one line to the file
 * named by RELIABILITY_FIGURES (set by scripts/run-tests.js), which prints
 * their sum after the run.
 */
import fs from 'node:fs';

export interface Figures {
  requests: number;      // HTTP requests sent
  documents: number;     // documents checked afterwards, in the database and through the API
  killed: number;        // server processes killed with SIGKILL
  fuzzCases: number;     // fuzz cases tried
  serverErrors: number;  // answers 5xx (must be 0)
  anomalies: number;     // broken promises found (must be 0)
}

export function report(part: string, f: Partial<Figures>): void {
  const file = process.env.RELIABILITY_FIGURES;
  if (file) fs.appendFileSync(file, JSON.stringify({ part, ...f }) + '\n');
}
