/**
 * Prints the per-kind quality figures of the query fixtures (README "Quality") and the misses:
 * `npx tsx packages/geo/scripts/fixture-figures.ts`.
 */
import { loadEmbeddedProvider } from '../src/index.js';
import { computeFigures, figuresTable, loadQueryFixtures } from '../test/visitor-figures.js';

const provider = await loadEmbeddedProvider();
const figures = await computeFigures(provider, loadQueryFixtures());
console.log(figuresTable(figures));
for (const k of figures) {
  if (k.misses.length > 0) console.log(`\n${k.kind}:\n  ${k.misses.join('\n  ')}`);
}
