#!/usr/bin/env node
/**
 * Keeps the repository self-contained: no source file or document names a section of a document
 * outside the repository ("spec 2.5") or an issue number ("issue 9"); the product rules the code
 * relies on are in docs/PRODUCT.md, and every `PRODUCT.md#anchor` a file names is a heading there.
 * Run by `npm run lint`. Exit code 1 with each offending line listed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CHECKED = /\.(ts|tsx|mts|js|mjs|cjs|css|sh|md|yml|yaml|html)$/;
const OUTSIDE = [
  {
    re: /\bspec(?:ification)?(?:'s)?\s+§?\s*\d/i,
    why: 'names a section of the outside specification',
  },
  { re: /\bSPEC\.md\b/, why: 'names the outside specification' },
  { re: /\bissues?\s+#?\d+/i, why: 'names an issue number' },
  { re: /\bdesign[- ]notes?\b/i, why: 'names the outside design notes' },
];

/** GitHub's anchor of a Markdown heading. */
export function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((f) => CHECKED.test(f) && !f.startsWith('bench/results/'));
const anchors = new Set(
  readFileSync('docs/PRODUCT.md', 'utf8')
    .split('\n')
    .filter((l) => /^#{1,6} /.test(l))
    .map((l) => anchorOf(l.replace(/^#+ /, ''))),
);

const problems = [];
for (const file of files) {
  if (file === 'scripts/check-references.mjs') continue;
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  text.split('\n').forEach((line, i) => {
    for (const { re, why } of OUTSIDE) {
      if (re.test(line)) problems.push(`${file}:${i + 1}: ${why}: ${line.trim()}`);
    }
    for (const m of line.matchAll(/PRODUCT\.md#([\w-]+)((?:,\s*#[\w-]+)*)/g)) {
      const named = [m[1], ...[...m[2].matchAll(/#([\w-]+)/g)].map((x) => x[1])];
      for (const a of named) {
        if (!anchors.has(a))
          problems.push(`${file}:${i + 1}: no heading "#${a}" in docs/PRODUCT.md`);
      }
    }
  });
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} reference(s) outside the repository or to a missing section: ` +
      'point to docs/PRODUCT.md (or ARCHITECTURE.md) instead.',
  );
  process.exit(1);
}
console.log(`references: ${files.length} files self-contained`);
