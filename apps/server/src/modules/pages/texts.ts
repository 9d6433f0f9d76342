/**
 * The store pages' texts in a page's language: the `storepage` translations, with the `result`
 * (store details, badges, service types) and `common` (shell) namespaces the web app uses, read
 * from the translation files with the same fallback as /locales/ (LocalesService), then key by
 * key from en-US. Read once per locale and kept.
 */
import type { LocalesService } from '../locales/service.js';

type Json = string | { [key: string]: Json };

export type Translate = (key: string, values?: Record<string, string | number>) => string;

const NAMESPACES = ['storepage', 'result', 'common'] as const;
type Namespace = (typeof NAMESPACES)[number];

function lookup(tree: Json | undefined, key: string): string | undefined {
  let node: Json | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export class PageTexts {
  private readonly cache = new Map<string, Promise<Translate>>();

  constructor(
    private readonly locales: LocalesService,
    private readonly brand: string,
  ) {}

  private async tree(namespace: Namespace, fileLocale: string): Promise<Json | undefined> {
    try {
      return JSON.parse((await this.locales.read(`${namespace}s-${fileLocale}.json`)).body) as Json;
    } catch {
      return undefined;
    }
  }

  private async build(tag: string): Promise<Translate> {
    const fileLocale = tag.replace('-', '_');
    const trees = await Promise.all(
      NAMESPACES.map(async (ns) => [
        await this.tree(ns, fileLocale),
        fileLocale === 'en_US' ? undefined : await this.tree(ns, 'en_US'),
      ]),
    );
    const byNs = new Map<Namespace, (Json | undefined)[]>(
      NAMESPACES.map((ns, i) => [ns, trees[i]!]),
    );
    const brand = this.brand;
    return (key, values = {}) => {
      const colon = key.indexOf(':');
      const ns = (colon > 0 ? key.slice(0, colon) : 'storepage') as Namespace;
      const path = colon > 0 ? key.slice(colon + 1) : key;
      for (const tree of byNs.get(ns) ?? []) {
        const text = lookup(tree, path);
        if (text !== undefined) return interpolate(text, { brand, ...values });
      }
      return path;
    };
  }

  /** The translate function of a page's language tag ("en-GB", "en", "es-419"). */
  of(tag: string): Promise<Translate> {
    let t = this.cache.get(tag);
    if (!t) {
      t = this.build(tag);
      this.cache.set(tag, t);
    }
    return t;
  }
}
