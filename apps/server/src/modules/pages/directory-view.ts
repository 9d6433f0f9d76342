/** The main content of a directory page: its heading and the list of places or of stores. */
import { esc } from './html.js';
import type { Place } from './directory.js';
import type { PageLocale } from './locales.js';
import type { Translate } from './texts.js';
import { placePhrase } from './place-grammar.js';

export interface PlaceLevel {
  place: Place;
  /** The place's name as shown (a country's in the page's language). */
  name: string;
  kind: 'country' | 'region' | 'city';
}

export interface PlaceView {
  heading: string;
  children: { name: string; path: string; count: number }[];
  stores: { name: string; street: string; path: string }[];
  t: Translate;
}

/** A level's name as the directory's texts take it ("au Canada" in French). */
export function levelPhrase(page: PageLocale, level: PlaceLevel, name = level.name): string {
  return placePhrase(page.lang, level.kind, name, level.kind === 'country' ? level.place.name : '');
}

/** "Stores in {place}" of the deepest level, or the locale's own heading at its root. */
export function placeTitle(
  page: PageLocale,
  levels: readonly PlaceLevel[],
  t: Translate,
  rootHeading: string,
): string {
  const last = levels[levels.length - 1];
  if (!last) return rootHeading;
  const name = last.name === '' ? '—' : last.name;
  const parent = levels[levels.length - 2];
  const place =
    parent && last.kind === 'city' && parent.name !== '' ? `${name}, ${parent.name}` : name;
  return t('directory.heading', { place: levelPhrase(page, last, place) });
}

export function renderPlaceMain(v: PlaceView): string {
  const out = [`<h1>${esc(v.heading)}</h1>`];
  if (v.children.length > 0) {
    out.push(
      `<ul class="sp-places" aria-label="${esc(v.t('directory.places'))}">${v.children
        .map(
          (c) =>
            `<li><a href="${esc(c.path)}">${esc(c.name)}</a> <span class="sp-count">(${c.count})</span></li>`,
        )
        .join('')}</ul>`,
    );
  }
  if (v.stores.length > 0) {
    out.push(
      `<ul class="sp-stores" aria-label="${esc(v.t('directory.stores'))}">${v.stores
        .map(
          (s) =>
            `<li><a href="${esc(s.path)}">${esc(s.name)}</a>${
              s.street ? ` <span class="sp-street">${esc(s.street)}</span>` : ''
            }</li>`,
        )
        .join('')}</ul>`,
    );
  }
  return out.join('\n');
}
