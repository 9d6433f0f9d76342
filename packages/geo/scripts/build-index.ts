/** CLI: `npm run build -w @locator/geo` (add --force to rebuild even when up to date). */
import { buildIndex } from '../src/build/build-index.js';

const result = await buildIndex({
  force: process.argv.includes('--force'),
  log: (msg) => console.log(msg),
});
console.log(
  result.skipped
    ? `gazetteer: up to date (${result.path}, inputs ${result.inputsHash})`
    : `gazetteer: built in ${(result.ms / 1000).toFixed(1)} s`,
);
