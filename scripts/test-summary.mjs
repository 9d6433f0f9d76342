// Prints one line per test runner from their JSON reports, then the plain total line
// "N passed, N failed" and exits non-zero when any stage failed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir = 'test-results/summary', failedStages = ''] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
// The failed tests are named again at the end, where a log cut to its last lines still shows them.
const failures = [];

function read(name) {
  const file = join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

for (const name of ['unit', 'api']) {
  const r = read(`${name}.json`);
  if (!r) {
    console.log(`${name}: no report (the runner did not finish)`);
    failed += 1;
    continue;
  }
  const skip = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(
    `${name} (vitest): ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skip} skipped`,
  );
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'failed') continue;
      const why = String(t.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failures.push(
        `${name}: ${file.name.replace(/^.*?\/(apps|packages)\//, '$1/')} › ${t.fullName}: ${why}`,
      );
    }
  }
  skipped += skip;
}
const e2e = read('e2e.json');
if (e2e?.stats) {
  const s = e2e.stats;
  const f = (s.unexpected ?? 0) + (s.flaky ?? 0);
  console.log(`e2e (playwright): ${s.expected} passed, ${f} failed, ${s.skipped ?? 0} skipped`);
  passed += s.expected ?? 0;
  failed += f;
  skipped += s.skipped ?? 0;
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const err = t.results?.find((x) => x.error)?.error?.message ?? '';
        // Without the terminal's colour codes (ESC [ … m).
        const plain = String(err)
          .replaceAll(String.fromCharCode(27), '')
          .replace(/\[[0-9;]*m/g, '');
        const why = plain.split('\n')[0].slice(0, 300);
        failures.push(`e2e: ${spec.file} › ${[...path, spec.title].join(' › ')}: ${why}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of e2e.suites ?? []) walk(suite, []);
} else {
  console.log('e2e: no report (the runner did not finish)');
  failed += 1;
}
if (failures.length > 0) console.log(`failed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
const stages = failedStages.trim();
if (stages) console.log(`failed stages: ${stages}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(stages || failed > 0 ? 1 : 0);
