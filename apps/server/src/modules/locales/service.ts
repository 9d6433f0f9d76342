/**
 * Translation files (PRODUCT.md#other-server-calls): /locales/{namespace}s-{lang_REGION}.json, served from the web
 * app's source folder with fallback to the language, then en-US.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError, parseLocaleFileName } from '@locator/core';
import { etagOf } from '../../config/service.js';

export interface LocaleFile {
  body: string;
  etag: string;
  /** The file actually served (after fallback). */
  file: string;
}

export class LocalesService {
  constructor(private readonly dir: string) {}

  private async candidates(namespace: string, lang: string, region?: string): Promise<string[]> {
    const prefix = `${namespace}s-`;
    const list: string[] = [];
    if (region) list.push(`${prefix}${lang}_${region}.json`);
    list.push(`${prefix}${lang}.json`, `${prefix}${lang}_${lang.toUpperCase()}.json`);
    const files = await readdir(this.dir).catch(() => [] as string[]);
    const sameLang = files
      .filter((f) => f.startsWith(`${prefix}${lang}_`) && f.endsWith('.json'))
      .sort();
    list.push(...sameLang, `${prefix}en_US.json`);
    return [...new Set(list)].filter((f) => files.includes(f));
  }

  async read(fileName: string): Promise<LocaleFile> {
    const parsed = parseLocaleFileName(fileName);
    if (!parsed) {
      throw new ApiError('INVALID_PARAMETER', 'Expected {namespace}s-{lang_REGION}.json.', 'file');
    }
    for (const file of await this.candidates(parsed.namespace, parsed.lang, parsed.region)) {
      try {
        const body = await readFile(join(this.dir, file), 'utf8');
        return { body, etag: etagOf(body), file };
      } catch {
        // Removed between listing and reading: try the next fallback.
      }
    }
    throw new ApiError(
      'TRANSLATIONS_NOT_FOUND',
      `No translations for "${parsed.namespace}".`,
      'file',
    );
  }
}
