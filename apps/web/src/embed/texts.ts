/**
 * The elements' texts: the web app's own translation files (results and commons namespaces,
 * with its fallback chain regional file → language file → en_US), read from the locator's
 * origin, with i18next's `{{name}}` interpolation and `_one`/`_other` plurals. A small
 * translator rather than i18next itself keeps the compact element small.
 */
import { languageTag, localeDirection } from '@locator/core';
import { translationFallbackChain, translationUrl } from '../lib/i18n/translation-locales';
import { locatorFetch } from './origin';

type Tree = { [key: string]: string | Tree };

export interface Texts {
  locale: string;
  /** BCP 47 tag for `lang` attributes and Intl. */
  tag: string;
  dir: 'ltr' | 'rtl';
  t(key: string, vars?: Record<string, string | number>): string;
}

const files = new Map<string, Promise<Tree>>();

function loadFile(namespace: string, fileLocale: string): Promise<Tree> {
  const url = translationUrl(namespace, fileLocale);
  let file = files.get(url);
  if (!file) {
    file = locatorFetch(url, { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<Tree>) : {}))
      .catch(() => ({}));
    files.set(url, file);
  }
  return file;
}

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export async function loadTexts(locale: string): Promise<Texts> {
  const chain = translationFallbackChain(locale);
  const trees = await Promise.all(
    chain.flatMap((file) => [loadFile('result', file), loadFile('common', file)]),
  );
  const tag = languageTag(locale);
  const plurals = new Intl.PluralRules(tag);
  const find = (key: string) => {
    for (const tree of trees) {
      const text = lookup(tree, key);
      if (text !== undefined) return text;
    }
    return undefined;
  };
  return {
    locale,
    tag,
    dir: localeDirection(locale),
    t(key, vars = {}) {
      const count = vars.count;
      const plural =
        typeof count === 'number'
          ? (find(`${key}_${plurals.select(count)}`) ?? find(`${key}_other`))
          : undefined;
      const text = plural ?? find(key) ?? key;
      return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => String(vars[name] ?? ''));
    },
  };
}
