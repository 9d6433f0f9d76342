/**
 * Search candidates (a place matched by a key, with its score) and the bounded, sorted list the
 * searcher keeps of the best ones; the edit distance of typo matches.
 */

export interface Candidate {
  place: number;
  score: number;
  /** Matched a whole name, not just a prefix. */
  exact: boolean;
  /** The query text that named the place (without qualifiers), for display. */
  typed?: string;
  /** Index of the matching key: equal scores rank in key order. */
  key: number;
  /** Edits between the query and the name (typo matches only). */
  edits?: number;
}

export function isExact(c: Candidate): boolean {
  return c.exact;
}

/** Candidate order: higher score first, then the earlier key. */
function better(a: Candidate, b: Candidate): boolean {
  return a.score > b.score || (a.score === b.score && a.key < b.key);
}

/** Keeps the `keep` best candidates (one per place, its best score), sorted best first. */
export function insertTop(top: Candidate[], c: Candidate, keep: number): void {
  const last = top[top.length - 1];
  if (top.length >= keep && last && !better(c, last)) return;
  const existing = top.findIndex((t) => t.place === c.place);
  if (existing >= 0) {
    const e = top[existing];
    if (e && !better(c, e)) return;
    top.splice(existing, 1);
  }
  let i = top.length;
  while (i > 0 && better(c, top[i - 1] as Candidate)) i--;
  top.splice(i, 0, c);
  if (top.length > keep) top.pop();
}

/**
 * Edit distance between a and b counting insertions, deletions, substitutions and swaps of
 * two neighbouring characters (optimal string alignment), or `max + 1` once it must exceed
 * `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, (before[j - 2] ?? 0) + 1);
      }
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}
