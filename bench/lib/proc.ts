/**
 * What the benchmarks read of processes on Linux (/proc): a server's process tree (the primary
 * and its workers), their CPU time and resident memory, and PostgreSQL's CPU time.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** The process and its descendants. */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i += 1) {
    try {
      for (const t of readdirSync(`/proc/${out[i]}/task`)) {
        const kids = readFileSync(`/proc/${out[i]}/task/${t}/children`, 'utf8').trim();
        if (kids) out.push(...kids.split(' ').map(Number));
      }
    } catch {
      // Gone, or not Linux.
    }
  }
  return out;
}

/** User + system CPU time of one process (ms), or undefined when it cannot be read. */
function cpuMsOfProcess(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime (fields 14 and 15) in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** CPU time (ms) the process and its descendants have used so far; undefined off Linux. */
export function cpuMsOfTree(pid: number | undefined): number | undefined {
  if (pid === undefined || cpuMsOfProcess(pid) === undefined) return undefined;
  return processTree(pid).reduce((sum, p) => sum + (cpuMsOfProcess(p) ?? 0), 0);
}

/** Resident memory of the process and its descendants now, and the sum of their peaks (MiB). */
export function memoryOfTree(pid: number): { rssMiB: number; peakRssMiB: number } | undefined {
  let rss = 0;
  let peak = 0;
  for (const p of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const kib = (field: string): number =>
        Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      rss += kib('VmRSS');
      peak += kib('VmHWM');
    } catch {
      if (p === pid) return undefined;
    }
  }
  return { rssMiB: Math.round(rss / 1024), peakRssMiB: Math.round(peak / 1024) };
}

/** CPU time (ms) of PostgreSQL's server processes so far. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${p}/stat`, 'utf8').includes('(postgres)')) continue;
      total += cpuMsOfProcess(Number(p)) ?? 0;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

/** Resident memory (MiB) of each child process of `pid` (a cluster's workers). */
export function workerMemoryMiB(pid: number): number[] {
  return processTree(pid)
    .filter((p) => p !== pid)
    .flatMap((p) => {
      try {
        const status = readFileSync(`/proc/${p}/status`, 'utf8');
        const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
        // Only the server's own workers (not tsx's esbuild service).
        if (!cmd.includes('server.ts')) return [];
        return [Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)];
      } catch {
        return [];
      }
    });
}
