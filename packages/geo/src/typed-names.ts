/**
 * For Latin-script languages, the place's name as the visitor typed it: "Mün" shows München
 * rather than Munich (README "Display names").
 */
import { foldText } from './normalise.js';

/** What the visitor typed, prepared once per query for `pickTyped`. */
export interface TypedText {
  /** NFC, lower case, trimmed. */
  raw: string;
  folded: string;
  /** The visitor typed diacritics (or other letters that fold away). */
  hasMarks: boolean;
}

export function typedText(typed: string): TypedText {
  const raw = typed.normalize('NFC').toLowerCase().trim();
  const folded = foldText(typed);
  return { raw, folded, hasMarks: raw !== folded };
}

const lowerNfc = (s: string): string => s.normalize('NFC').toLowerCase();
const NON_ASCII_RE = /[^\p{ASCII}]/u;

/**
 * A place's main name and Latin alternate names, with their lower-case and folded forms
 * computed once, when first needed (the gazetteer keeps these for recently shown places).
 */
export class LatinNames {
  private nameLowerForm: string | undefined;
  private nameFoldedForm: string | undefined;
  private readonly lowerForms: (string | undefined)[] = [];
  private readonly foldedForms: (string | undefined)[] = [];

  constructor(
    readonly name: string,
    readonly alternates: readonly string[],
  ) {}

  nameLower(): string {
    return (this.nameLowerForm ??= lowerNfc(this.name));
  }

  nameFolded(): string {
    return (this.nameFoldedForm ??= foldText(this.name));
  }

  lower(i: number): string {
    return (this.lowerForms[i] ??= lowerNfc(this.alternates[i] ?? ''));
  }

  folded(i: number): string {
    return (this.foldedForms[i] ??= foldText(this.alternates[i] ?? ''));
  }
}

/**
 * For Latin-script languages: the main name, unless the visitor typed another of the place's
 * Latin names. Diacritics the visitor typed count ("Mün" → München rather than Munich).
 */
export function pickTypedName(name: string, alternates: readonly string[], typed: string): string {
  return pickTyped(new LatinNames(name, alternates), typedText(typed));
}

/** pickTypedName over prepared names and typed text. */
export function pickTyped(names: LatinNames, t: TypedText): string {
  const { name, alternates } = names;
  if (!t.folded) return name;
  if (
    names.nameFolded().startsWith(t.folded) &&
    (!t.hasMarks || names.nameLower().startsWith(t.raw))
  ) {
    return name;
  }
  // A name spelled as typed; else one that folds alike, preferably with diacritics.
  for (let i = 0; i < alternates.length; i++) {
    if (names.lower(i).startsWith(t.raw)) return alternates[i] ?? name;
  }
  let first: string | undefined;
  for (let i = 0; i < alternates.length; i++) {
    if (!names.folded(i).startsWith(t.folded)) continue;
    const a = alternates[i] ?? '';
    if (NON_ASCII_RE.test(a)) return a;
    first ??= a;
  }
  return first ?? name;
}

/**
 * pickTyped where the place has a name in the page's language (`local`, e.g. München on a German
 * page): that name, unless the visitor typed another of the place's names ("Munich").
 */
export function pickTypedOrLocal(names: LatinNames, t: TypedText, local?: string): string {
  const picked = pickTyped(names, t);
  if (local === undefined || foldText(local).startsWith(t.folded)) return local ?? picked;
  return foldText(picked).startsWith(t.folded) ? picked : local;
}
