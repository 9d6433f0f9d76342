/**
 * The store data the pages are built from, followed by data version (checked at most every
 * CHECK_MS): the version alone for store pages, which read their store by storeId and never
 * wait for the directory; the directory of the current version (with the time of the last
 * import) for directory pages and sitemaps, read only when one of them is asked for after the
 * version changed.
 */
import type { StorePagesRepository } from './repository.js';
import { Directory } from './directory.js';
import { dataNames, type PlaceNamer } from './place-names.js';

/** How often the data version is read (ms). */
export const CHECK_MS = 250;

export interface DataState {
  version: string;
  /** Places named as the data writes them. */
  directory: Directory;
  /**
   * Places named in a page's language (a BCP 47 tag; place-names.ts), built when first asked;
   * only the countries whose pages are in that language.
   */
  directoryIn(lang: string): Directory;
  /** How places are named (place-names.ts). */
  names: PlaceNamer;
  /** ISO time of the last import, or undefined. */
  lastImport: string | undefined;
}

export class PagesData {
  private version: string | undefined;
  private versionLoading: Promise<string> | undefined;
  private checkedAt = -Infinity;
  private state: DataState | undefined;
  private loading: { version: string; promise: Promise<DataState> } | undefined;
  /** Reads started and the latest installed: an older read finishing late is not installed. */
  private reads = 0;
  private installed = 0;

  constructor(
    private readonly repo: StorePagesRepository,
    private readonly now: () => number = Date.now,
    /** How places are named in a page's language (loaded with the first directory). */
    private readonly names: () => Promise<PlaceNamer> = () => Promise.resolve(dataNames),
    /**
     * The countries whose pages are written in a language (a BCP 47 tag): its directory holds
     * only their stores. Every store in every language's directory took about 60 MB a language
     * at 50,000 stores, and the sitemaps, which ask for every language, ran out of memory.
     * Undefined: every country.
     */
    private readonly countriesOf: (lang: string) => ReadonlySet<string> | undefined = () =>
      undefined,
  ) {}

  /** The current data version (read again at most every CHECK_MS). */
  async currentVersion(): Promise<string> {
    const now = this.now();
    if (this.version !== undefined && now - this.checkedAt < CHECK_MS) return this.version;
    this.versionLoading ??= this.repo
      .version()
      .then((v) => {
        this.version = v;
        this.checkedAt = now;
        return v;
      })
      .finally(() => {
        this.versionLoading = undefined;
      });
    return this.versionLoading;
  }

  /** The directory of the current version (read from the database when the version changed). */
  async current(): Promise<DataState> {
    const version = await this.currentVersion();
    if (this.state?.version === version) return this.state;
    if (this.loading?.version !== version) {
      const promise = this.read(version);
      this.loading = { version, promise };
      void promise.then(
        () => {
          if (this.loading?.promise === promise) this.loading = undefined;
        },
        () => {
          if (this.loading?.promise === promise) this.loading = undefined;
        },
      );
    }
    return this.loading.promise;
  }

  private async read(version: string): Promise<DataState> {
    const n = (this.reads += 1);
    const [rows, lastImport, names] = await Promise.all([
      this.repo.directory(),
      this.repo.lastImport(),
      this.names(),
    ]);
    const byLang = new Map<string, Directory>();
    const state: DataState = {
      version,
      directory: new Directory(rows),
      directoryIn: (lang) => {
        let d = byLang.get(lang);
        if (!d) {
          const countries = this.countriesOf(lang);
          const own = countries ? rows.filter((r) => countries.has(r.country)) : rows;
          d = new Directory(own, (country, city) => names.name(country, city, lang));
          byLang.set(lang, d);
        }
        return d;
      },
      names,
      lastImport,
    };
    if (n > this.installed) {
      this.state = state;
      this.installed = n;
    }
    return state;
  }
}
