/**
 * One full garbage collection when a process has finished starting: start-up builds and drops
 * hundreds of megabytes (the primary generates the demo data; each worker reads the gazetteer
 * and slices the basemap's indexes), and V8 keeps that garbage, resident, until its heap next
 * fills. Measured on the compiled server with the demo data (docs/ARCHITECTURE.md, "Where a
 * worker's memory goes"): one process serving alone 782 MiB resident once ready, 417 MiB after
 * this collection; it takes a few hundred milliseconds, once, before the process listens.
 *
 * `expose-gc` reaches V8's collector without `--expose-gc` on the command line, so `node
 * dist/main.js` and the cluster's workers need no flag.
 */
import collectGarbage from 'expose-gc/function.js';

export function compactHeap(): void {
  collectGarbage();
}
