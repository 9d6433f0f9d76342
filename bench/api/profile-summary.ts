/** A V8 CPU profile (.cpuprofile) summarised: the functions with the most self time. */

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
}

type Frame = CpuProfile['nodes'][number]['callFrame'];

function frameKey(f: Frame): string {
  const file = f.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
}

/**
 * "share% function file:line" of the `top` functions with the most samples: of their own
 * (`total` false), or with what they call (each function counted once per sample).
 */
export function topTime(profile: CpuProfile, top: number, total = false): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const counts = new Map<string, number>();
  for (const id of profile.samples) {
    const seen = new Set<string>();
    for (
      let at: number | undefined = id;
      at !== undefined;
      at = total ? parent.get(at) : undefined
    ) {
      const f = byNode.get(at)?.callFrame;
      if (!f) break;
      const key = frameKey(f);
      if (!seen.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
      seen.add(key);
    }
  }
  const samples = profile.samples.length;
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, n]) => `${((n * 100) / samples).toFixed(1).padStart(5)}%  ${key}`);
}
