#!/usr/bin/env node
// `npm test`: types, lint, unit tests (vitest), the production build, the test build (the same
// app with the test seam), the browser tests (Playwright) and then the random walk alone, in that
// order, then the other engines (Firefox, WebKitGTK: tests/engines). Every step runs even when an earlier one failed (the build excepted:
// no browser test without it), so one run reports everything. It ends with one plain line that
// tools reading CI output understand, `N passed, N failed` (`, N skipped` when some were), also
// written to reports/summary.txt for .ci/run. N counts every unit and browser test; a step that
// failed outside any test (types, lint, build, a runner that crashed) counts as one failure, so
// the line never says "0 failed" for a run that failed. Just before it, `N flaky` counts the browser
// tests that passed only on a retry (CI retries once), each named above it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const reports = join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const VITEST_JSON = join(reports, 'vitest.json');
const PLAYWRIGHT_JSON = join(reports, 'playwright.json');

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Tests that passed only on a retry: a defect to fix, listed by name before the closing line. */
const flaky = [];

/** Tests that failed on every try, named again at the very end (CI shows only the output's tail). */
const failedTests = [];

/** Every test in a Playwright JSON report with this outcome, each followed by its tries' first error lines ('flaky': failed, then passed on a retry). */
function testsWith(report, status) {
  const out = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== status) continue;
        out.push(`[${t.projectName}] ${[...path, spec.title].join(' › ')} (${spec.file}:${spec.line})`);
        // Each try's first error line, short: the tail CI shows is then enough to start from.
        for (const [i, r] of (t.results ?? []).entries()) {
          const first = (r.error?.message ?? '').replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '').split('\n').find((l) => l.trim());
          if (first) out.push(`      try ${i + 1}: ${first.trim().slice(0, 240)}${r.error?.location ? ` (line ${r.error.location.line})` : ''}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...path, child.title] : path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}
const failedSteps = [];

function run(name, command, args, env = {}) {
  console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  if (!ok) console.log(`── ${name} failed (exit ${r.status ?? r.signal})`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Counts from a runner's JSON report; a failed run without a readable report is one failure. */
function count(name, ok, report, read) {
  if (!report) {
    if (!ok) {
      totals.failed += 1;
      failedSteps.push(name);
    }
    return;
  }
  const c = read(report);
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
  // The runner failed but no test did (a crash, an error outside tests): still a failure.
  if (!ok && c.failed === 0) {
    totals.failed += 1;
    failedSteps.push(name);
  }
}

const npx = (args) => ['npx', ['--no-install', ...args]];

for (const [name, args] of [
  ['types', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', ['eslint', '.']],
]) {
  if (!run(name, ...npx(args))) {
    totals.failed += 1;
    failedSteps.push(name);
  }
}

const unitOk = run('unit', ...npx(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${VITEST_JSON}`]));
const unitReport = existsSync(VITEST_JSON) ? readJson(VITEST_JSON) : null;
for (const file of unitReport?.testResults ?? []) {
  for (const a of file.assertionResults ?? []) {
    if (a.status === 'failed') failedTests.push(`[unit] ${a.fullName ?? a.title} (${file.name?.replace(`${root}/`, '')})`);
  }
}
count('unit', unitOk, unitReport, (r) => ({
  passed: r.numPassedTests ?? 0,
  failed: r.numFailedTests ?? 0,
  skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
}));

if (run('build', 'npm', ['run', 'build']) && run('build (test mode)', 'npm', ['run', 'build:test'])) {
  // The browser tests on two workers, then the random walk alone: beside another test on two
  // cores it runs at half speed. Arguments (a spec, -g …) run one Playwright pass with them instead.
  const extra = process.argv.slice(2);
  const passes = extra.length
    ? [['browser', extra, PLAYWRIGHT_JSON]]
    : [
        ['browser', ['--project=production', '--project=app'], PLAYWRIGHT_JSON],
        ['random walk', ['--project=walk', '--workers=1'], join(reports, 'playwright-walk.json')],
        // What measures timing of its own (a message's sound against its picture), alone too.
        ['alone', ['--project=alone', '--workers=1'], join(reports, 'playwright-alone.json')],
        // Firefox and WebKitGTK (tests/engines), one at a time: each test runs whole browsers.
        ['other engines', ['--project=engines', '--workers=1'], join(reports, 'playwright-engines.json')],
      ];
  for (const [name, args, json] of passes) {
    const ok = run(name, ...npx(['playwright', 'test', '--reporter=list,json', ...args]), { PLAYWRIGHT_JSON_OUTPUT_NAME: json });
    const report = existsSync(json) ? readJson(json) : null;
    if (report) {
      flaky.push(...testsWith(report, 'flaky'));
      failedTests.push(...testsWith(report, 'unexpected'));
    }
    count(name, ok, report, (r) => ({
      // A test that passed on its retry (flaky) counts as passed, and is named below as flaky.
      passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
      failed: r.stats?.unexpected ?? 0,
      skipped: r.stats?.skipped ?? 0,
    }));
  }
} else {
  totals.failed += 1;
  failedSteps.push('build');
}

if (failedTests.length) console.log(`\nfailed:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
if (failedSteps.length) console.log(`\nfailed outside any test: ${failedSteps.join(', ')}`);
// Flakes show: each test that needed a retry, by name, then their count just before the closing line.
if (flaky.length) console.log(`\npassed only on a retry (flaky, a defect to fix):\n${flaky.map((t) => `  ${t}`).join('\n')}`);
// (Lines under a test's name are its tries' errors.)
console.log(`\n${flaky.filter((l) => l.startsWith('[')).length} flaky`);
const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(join(reports, 'summary.txt'), `${line}\n`);
console.log(`\n${line}`);
process.exit(totals.failed > 0 ? 1 : 0);
