/**
 * Typo matches: the fallback when no name starts with the query ("Manchestr", "Barcelonna"),
 * and when such a match is trusted as the answer rather than offered as "did you mean …?".
 */
import { type Candidate, editDistance, insertTop } from './candidates.js';
import { KEY_CODE, type Gazetteer } from './gazetteer.js';
import { foldText } from './normalise.js';
import type { CountryMask, PlaceRanker, QualifierFilter, SearchMode } from './ranking.js';
import type { LatLon } from './types.js';

/**
 * When a typo match is trusted as the answer (trustTypos): one edit from 7 characters, two
 * from 14, and a place of at least `minPopulation` people; otherwise it is only suggested.
 */
export const TRUSTED_TYPO = { oneEditFrom: 7, twoEditsFrom: 14, minPopulation: 5000 };
/** Typo fallback (fuzzy). */
const FUZZY = {
  minLength: 5,
  minPrefix: 4,
  maxCut: 5,
  twoEditsFrom: 8,
  maxRange: 20_000,
  editPenalty: 1,
};

/**
 * Typo fallback when nothing matched: names sharing all but the last few characters of the
 * query ("Manchestr", "Barcelonna") and within 1 edit (2 from 8 characters) of it; in
 * autocomplete the name's beginning is compared, as the query may be unfinished.
 */
export function fuzzy(
  ranker: PlaceRanker,
  g: Gazetteer,
  text: string,
  mask: CountryMask | null,
  filter: QualifierFilter | null,
  mode: SearchMode,
  limit: number,
  near: LatLon | undefined,
): Candidate[] {
  const key = foldText(text);
  if (key.length < FUZZY.minLength) return [];
  const maxEdits = key.length >= FUZZY.twoEditsFrom ? 2 : 1;
  const top: Candidate[] = [];
  for (let cut = 1; cut <= FUZZY.maxCut && key.length - cut >= FUZZY.minPrefix; cut++) {
    const [lo, hi] = g.keyPrefixRange(key.slice(0, key.length - cut));
    if (hi - lo > FUZZY.maxRange) break;
    for (let i = lo; i < hi; i++) {
      const p = g.keyPlace[i] ?? 0;
      const flags = g.keyFlags[i] ?? 0;
      if (flags & KEY_CODE) continue;
      if (mask && !mask.has[g.placeCountry[p] ?? 0]) continue;
      if (filter && !filter(p)) continue;
      const candidate = g.key(i);
      const compared = mode === 'autocomplete' ? candidate.slice(0, key.length) : candidate;
      const edits = editDistance(compared, key, maxEdits);
      if (edits > maxEdits) continue;
      const score = ranker.score(p, flags, false, mode, near) - edits * FUZZY.editPenalty;
      insertTop(top, { place: p, score, exact: false, key: i, edits }, limit * 2 + 4);
    }
    // A closer name may share fewer first characters ("Florance": Florans, then Florence).
    if (top.some((c) => (c.edits ?? 0) <= 1)) break;
  }
  return top;
}

/**
 * Typo matches are answers only when probably meant: few edits for the query's length ("Bandra"
 * is one edit from Banda, "Shinjuku" two from Shintoku: both other places) and a town big enough
 * to be a likely target. Otherwise the best is a "did you mean" suggestion.
 */
export function trustTypos(
  text: string,
  found: Candidate[],
  g: Gazetteer,
): { found: Candidate[]; suggestion?: Candidate } {
  const best = found[0];
  if (!best) return { found: [] };
  const length = foldText(text).replace(/ /g, '').length;
  const allowed =
    length >= TRUSTED_TYPO.twoEditsFrom ? 2 : length >= TRUSTED_TYPO.oneEditFrom ? 1 : 0;
  const trusted = found.filter(
    (c) => (c.edits ?? 0) <= allowed && (g.placePop[c.place] ?? 0) >= TRUSTED_TYPO.minPopulation,
  );
  return trusted.length > 0 ? { found: trusted } : { found: [], suggestion: best };
}
