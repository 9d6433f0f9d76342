/**
 * Translation catalogue checks: every translation file has exactly the keys of its
 * en-US counterpart, with the plural suffixes its language needs (Intl.PluralRules, as
 * i18next uses), and every language of the locale map has its files.
 */
import { describe, expect, it } from 'vitest';
import { CHOOSER_REGIONS, LOCALE_KEYS } from '@locator/core';
import {
  AMERICAN_ENGLISH_LOCALES,
  CONSOLE_NAMESPACES,
  FALLBACK_FILE_LOCALE,
  NAMESPACES,
  requiredFileLocales,
  translationFallbackChain,
  translationFileLocale,
} from '../src/lib/i18n/translation-locales';

// Every file of apps/web/public/locales, parsed (Vite's glob import; no Node modules in web).
const modules = import.meta.glob<Json>('../public/locales/*.json', {
  eager: true,
  import: 'default',
});
const contents = new Map(
  Object.entries(modules).map(([path, json]) => [path.slice(path.lastIndexOf('/') + 1), json]),
);
const FILE_RE = /^([a-z]+)s-([a-z]{2,3}_[A-Z0-9]{2,3})\.json$/;
type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

function readJson(file: string): Json {
  const json = contents.get(file);
  if (json === undefined) throw new Error(`${file} not found`);
  return json;
}

/** Dotted paths of every string leaf. Non-string leaves are reported as errors. */
function leaves(value: Json, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, `__not_a_string__:${JSON.stringify(value)}`);
  }
  return out;
}

const pluralRe = new RegExp(`_(${PLURAL_SUFFIXES.join('|')})$`);

/** Base keys that are plural in en-US (have _one and _other). */
function pluralBases(keys: Iterable<string>): Set<string> {
  const set = new Set(keys);
  const bases = new Set<string>();
  for (const k of set) {
    const m = pluralRe.exec(k);
    if (m && set.has(k.replace(pluralRe, '_one')) && set.has(k.replace(pluralRe, '_other'))) {
      bases.add(k.slice(0, -m[0].length));
    }
  }
  return bases;
}

function pluralCategories(fileLocale: string): string[] {
  return new Intl.PluralRules(fileLocale.replace('_', '-')).resolvedOptions().pluralCategories;
}

/** The keys a file of `fileLocale` must have, given the en-US keys. */
function expectedKeys(reference: Map<string, string>, fileLocale: string): Set<string> {
  const bases = pluralBases(reference.keys());
  const categories = pluralCategories(fileLocale);
  const expected = new Set<string>();
  for (const key of reference.keys()) {
    const m = pluralRe.exec(key);
    const base = m ? key.slice(0, -m[0].length) : undefined;
    if (base !== undefined && bases.has(base)) {
      for (const c of categories) expected.add(`${base}_${c}`);
    } else {
      expected.add(key);
    }
  }
  return expected;
}

const placeholderRe = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;
function placeholders(text: string): string[] {
  return [...text.matchAll(placeholderRe)].map((m) => m[1] ?? '').sort();
}

const files = [...contents.keys()];
const parsed = files.map((f) => ({ file: f, m: FILE_RE.exec(f) }));
const byLocale = new Map<string, Map<string, string>>(); // fileLocale → namespace → file
for (const { file, m } of parsed) {
  if (!m?.[1] || !m[2]) continue;
  const nsFiles = byLocale.get(m[2]) ?? new Map<string, string>();
  nsFiles.set(m[1], file);
  byLocale.set(m[2], nsFiles);
}
// The console's namespaces are in English only for now: en-US has them; another locale's file,
// once there, is checked like the visitor pages' ones.
const ALL_NAMESPACES: readonly string[] = [...NAMESPACES, ...CONSOLE_NAMESPACES];
const reference = new Map(
  ALL_NAMESPACES.map((ns) => [ns, leaves(readJson(`${ns}s-${FALLBACK_FILE_LOCALE}.json`))]),
);

describe('translation files', () => {
  it('are all named {namespace}s-{lang_REGION}.json with a known namespace', () => {
    const bad = parsed
      .filter(({ m }) => !m || !ALL_NAMESPACES.includes(m[1] ?? ''))
      .map(({ file }) => file);
    expect(bad).toEqual([]);
  });

  it('en-US has every namespace, string leaves only, and plural keys with _one and _other', () => {
    for (const ns of ALL_NAMESPACES) {
      const keys = [...(reference.get(ns)?.keys() ?? [])];
      expect(keys.length, ns).toBeGreaterThan(0);
      const values = [...(reference.get(ns)?.values() ?? [])];
      expect(values.filter((v) => v.startsWith('__not_a_string__') || v.trim() === '')).toEqual([]);
      const stray = keys.filter(
        (k) => pluralRe.test(k) && !pluralBases(keys).has(k.replace(pluralRe, '')),
      );
      expect(stray, `${ns}: plural keys without both _one and _other`).toEqual([]);
    }
  });

  describe.each([...byLocale.keys()].sort())('%s', (fileLocale) => {
    const nsFiles = byLocale.get(fileLocale) ?? new Map<string, string>();

    const namespaces = [...NAMESPACES, ...CONSOLE_NAMESPACES.filter((ns) => nsFiles.has(ns))];
    it.each(namespaces)('%s: no missing or extra keys, same placeholders', (ns) => {
      const file = nsFiles.get(ns);
      expect(file, `${ns}s-${fileLocale}.json is missing`).toBeDefined();
      if (!file) return;
      const ref = reference.get(ns) ?? new Map<string, string>();
      const actual = leaves(readJson(file));
      const expected = expectedKeys(ref, fileLocale);
      const missing = [...expected].filter((k) => !actual.has(k)).sort();
      const extra = [...actual.keys()].filter((k) => !expected.has(k)).sort();
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });

      const empty = [...actual].filter(
        ([, v]) => v.trim() === '' || v.startsWith('__not_a_string__'),
      );
      expect(empty.map(([k]) => k)).toEqual([]);

      // Placeholders must match en-US (plural forms compare with _other; {{count}} may be
      // left out of a form that names one number in words, e.g. Arabic _one/_two/_zero).
      const wrong: string[] = [];
      for (const [key, value] of actual) {
        const m = pluralRe.exec(key);
        const refKey = m ? key.replace(pluralRe, '_other') : key;
        const refValue = ref.get(refKey);
        if (refValue === undefined) continue;
        const want = placeholders(refValue).filter((p) => !(m && p === 'count'));
        const got = placeholders(value).filter((p) => !(m && p === 'count'));
        if (want.join() !== got.join()) wrong.push(`${key}: ${got.join()} ≠ ${want.join()}`);
      }
      expect(wrong).toEqual([]);
    });
  });

  it('every language of the locale map has its files', () => {
    // One line per file locale lacking files, e.g. "ar_AE: commons, homes, choosers, results".
    const missing: string[] = [];
    for (const fileLocale of requiredFileLocales()) {
      const lacking = NAMESPACES.filter((ns) => !byLocale.get(fileLocale)?.has(ns));
      if (lacking.length > 0)
        missing.push(`${fileLocale}: ${lacking.map((ns) => `${ns}s`).join(', ')}`);
    }
    expect(missing, `file locales without their translation files (${missing.length})`).toEqual([]);
  });
});

describe('translation file resolution', () => {
  it('uses regional variants where the language differs', () => {
    expect(translationFileLocale('en-US')).toBe('en_US');
    expect(translationFileLocale('en-GB')).toBe('en_GB');
    expect(translationFileLocale('en-AU')).toBe('en_GB');
    expect(translationFileLocale('en-CA')).toBe('en_US');
    expect(translationFileLocale('fr-CA')).toBe('fr_CA');
    expect(translationFileLocale('fr-BE')).toBe('fr_FR');
    expect(translationFileLocale('pt-BR')).toBe('pt_BR');
    expect(translationFileLocale('pt-PT')).toBe('pt_PT');
    expect(translationFileLocale('zh-TW')).toBe('zh_TW');
    expect(translationFileLocale('zh-MO')).toBe('zh_HK');
    expect(translationFileLocale('es-MX')).toBe('es_419');
    expect(translationFileLocale('in-ID')).toBe('id_ID');
    expect(translationFileLocale('xx-YY')).toBe('en_US');
  });

  it('falls back through the language to en-US', () => {
    expect(translationFallbackChain('fr-CA')).toEqual(['fr_CA', 'fr_FR', 'en_US']);
    expect(translationFallbackChain('zh-HK')).toEqual(['zh_HK', 'zh_TW', 'en_US']);
    expect(translationFallbackChain('en-US')).toEqual(['en_US']);
    expect(translationFallbackChain('de-AT')).toEqual(['de_DE', 'en_US']);
  });
});

describe('English file of a locale (en_US or en_GB)', () => {
  // The rule as it was written before, over the chooser's data: en-US, en-419, en-PH and
  // the English entries of the chooser's Americas regions use en_US, other English locales en_GB.
  const chooserAmericanEnglish = new Set([
    'en-US',
    'en-419',
    'en-PH',
    ...CHOOSER_REGIONS.filter((r) => r.id === 'na' || r.id === 'lac')
      .flatMap((r) => r.entries.map((e) => e.locale))
      .filter((l) => l.startsWith('en-')),
  ]);

  it("lists the chooser's English entries of the Americas", () => {
    expect([...AMERICAN_ENGLISH_LOCALES].sort()).toEqual([...chooserAmericanEnglish].sort());
  });

  it('gives every English locale key the file the chooser-derived rule gives', () => {
    const english = LOCALE_KEYS.filter((key) => key.startsWith('en-'));
    expect(english.length).toBeGreaterThan(200);
    const wrong = english.filter(
      (key) => translationFileLocale(key) !== (chooserAmericanEnglish.has(key) ? 'en_US' : 'en_GB'),
    );
    expect(wrong).toEqual([]);
    // Quirks kept: English of Spanish-speaking countries and the countries served at /lac/en/
    // without a chooser entry of their own use en_GB.
    expect(translationFileLocale('en-MX')).toBe('en_GB');
    expect(translationFileLocale('en-AW')).toBe('en_GB');
    expect(translationFileLocale('en-JM')).toBe('en_US');
  });
});
