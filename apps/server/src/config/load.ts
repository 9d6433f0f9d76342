/**
 * Loads the configuration files (countries, regions, catalogue and its names), validates every file and the
 * references between them, and fails with every problem listed (file, path, reason).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { z } from 'zod';
import { ConfigError } from '../env.js';
import { NAMES_FILE, checkNames } from './names.js';
import {
  catalogueNamesSchema,
  catalogueSchema,
  countryFileSchema,
  regionFileSchema,
  type Catalogue,
  type CatalogueNames,
  type CountryFile,
  type RegionFile,
} from './schema.js';

export type { ConfigProblem } from './problem.js';
import type { ConfigProblem } from './problem.js';

/** Start-up stops with every problem listed (main.ts prints ConfigError messages). */
export class ConfigFilesError extends ConfigError {
  constructor(readonly fileProblems: ConfigProblem[]) {
    super(fileProblems.map((p) => `config/${p.file}: ${p.path || '(file)'}: ${p.reason}`));
    this.name = 'ConfigFilesError';
  }
}

export interface ConfigFiles {
  catalogue: Catalogue;
  /** Product names by language (catalogue-names.json). */
  names: CatalogueNames;
  countries: CountryFile[];
  regions: RegionFile[];
}

function readJson<T>(
  dir: string,
  file: string,
  schema: z.ZodType<T>,
  problems: ConfigProblem[],
): T | undefined {
  const name = relative(dir, file) || file;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    problems.push({ file: name, path: '', reason: (err as Error).message });
    return undefined;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push({ file: name, path: issue.path.join('.'), reason: issue.message });
    }
    return undefined;
  }
  return parsed.data;
}

function jsonFiles(dir: string, problems: ConfigProblem[], root: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => join(dir, f));
  } catch {
    problems.push({ file: relative(root, dir) || dir, path: '', reason: 'folder is missing' });
    return [];
  }
}

/** Reads and validates every configuration file under `dir`; throws ConfigFilesError. */
export function loadConfigFiles(dir: string): ConfigFiles {
  const problems: ConfigProblem[] = [];
  const catalogue = readJson(dir, join(dir, 'catalogue.json'), catalogueSchema, problems);
  const names = readJson(dir, join(dir, NAMES_FILE), catalogueNamesSchema, problems);
  const countries: { file: string; data: CountryFile }[] = [];
  for (const file of jsonFiles(join(dir, 'countries'), problems, dir)) {
    const data = readJson(dir, file, countryFileSchema, problems);
    if (data) countries.push({ file: relative(dir, file), data });
  }
  const regions: RegionFile[] = [];
  for (const file of jsonFiles(join(dir, 'regions'), problems, dir)) {
    const data = readJson(dir, file, regionFileSchema, problems);
    if (data) regions.push(data);
  }
  if (catalogue) checkCatalogue(catalogue, problems);
  if (catalogue && names) checkNames(catalogue, names, problems);
  checkReferences(catalogue, countries, regions, problems);
  if (problems.length > 0 || !catalogue || !names) throw new ConfigFilesError(problems);
  return { catalogue, names, countries: countries.map((c) => c.data), regions };
}

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => (seen.has(v) ? true : (seen.add(v), false)));
}

function checkCatalogue(c: Catalogue, problems: ConfigProblem[]): void {
  const lists = {
    products: c.products.map((p) => p._id),
    'products(code)': c.products.map((p) => p.code),
    badges: c.badges.map((b) => b.id),
    repairTypes: c.repairTypes.map((r) => r._id),
    vas: c.vas.map((v) => v._id),
    solutionsSpeciality: c.solutionsSpeciality.map((s) => s._id),
  };
  for (const [path, values] of Object.entries(lists)) {
    for (const dup of duplicates(values)) {
      problems.push({ file: 'catalogue.json', path, reason: `duplicate "${dup}"` });
    }
  }
  // PRODUCT.md#code-lists: the phone and tablet values are "iphone" and "ipad" (form rules depend on them).
  for (const [code, value] of [
    ['phone', 'iphone'],
    ['tablet', 'ipad'],
  ] as const) {
    const p = c.products.find((x) => x.code === code);
    if (p && p.value !== value) {
      problems.push({
        file: 'catalogue.json',
        path: `products.${code}.value`,
        reason: `must be "${value}"`,
      });
    }
  }
  if (!c.repairTypes.some((r) => r.code === 'rt2')) {
    problems.push({
      file: 'catalogue.json',
      path: 'repairTypes',
      reason: 'needs the drop-off code rt2',
    });
  }
}

function checkReferences(
  catalogue: Catalogue | undefined,
  countries: { file: string; data: CountryFile }[],
  regions: RegionFile[],
  problems: ConfigProblem[],
): void {
  const productCodes = new Set(catalogue?.products.map((p) => p.code) ?? []);
  const regionCodes = new Set(regions.map((r) => r.code));
  const urlCodes = new Map<string, string>();
  const isoCodes = new Set(countries.map((c) => c.data.countryCode));
  for (const { file, data } of countries) {
    const expected = `${data.countryCode.toLowerCase()}.json`;
    if (!file.endsWith(expected)) {
      problems.push({ file, path: 'countryCode', reason: `file must be named ${expected}` });
    }
    const clash = urlCodes.get(data.urlCode);
    if (clash) problems.push({ file, path: 'urlCode', reason: `also used by ${clash}` });
    urlCodes.set(data.urlCode, file);
    if (data.catchAllRegion && !regionCodes.has(data.catchAllRegion)) {
      problems.push({
        file,
        path: 'catchAllRegion',
        reason: `no regions/${data.catchAllRegion}.json`,
      });
    }
    for (const dup of duplicates(data.langs.map((l) => l.code))) {
      problems.push({ file, path: 'langs', reason: `duplicate language "${dup}"` });
    }
    // Carriers are matched without regard to case (search and import).
    for (const dup of duplicates(data.carriers.map((c) => c.name.toLowerCase()))) {
      problems.push({ file, path: 'carriers', reason: `duplicate carrier "${dup}"` });
    }
    for (const [key, channel] of Object.entries(data.channels)) {
      channel.products.forEach((code, i) => {
        if (catalogue && !productCodes.has(code)) {
          problems.push({
            file,
            path: `channels.${key}.products.${i}`,
            reason: `unknown product code "${code}"`,
          });
        }
      });
      channel.countries.forEach((cc, i) => {
        if (!isoCodes.has(cc)) {
          problems.push({
            file,
            path: `channels.${key}.countries.${i}`,
            reason: `no countries/${cc.toLowerCase()}.json`,
          });
        }
      });
    }
  }
}
