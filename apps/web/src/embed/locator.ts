/**
 * /embed/v1/locator.js: defines <store-locator> and <store-nearest> (docs/EMBEDDING.md). Loading
 * it twice, or on a page that already defines them, changes nothing.
 *
 * The schemas' JIT compiler probes `new Function` when they are built, which host pages' CSPs
 * forbid (and report): zod reads this switch then (as in main.tsx), so the elements, and zod
 * with them, load after it is set.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

void import('./define');
