/** A directory page: the locale's root, a country (catch-all regions), a region or a city. */
import { directoryPath, placeSlug, storePagePath } from '@locator/core';
import { renderShell } from './html.js';
import { breadcrumbJsonLd } from './json-ld.js';
import type { PageLocale } from './locales.js';
import type { DataState } from './state.js';
import { levelPhrase, renderPlaceMain, placeTitle } from './directory-view.js';
import type { Translate } from './texts.js';
import type { Place } from './directory.js';
import type { PageAnswer, PageKit } from './kit.js';

export function placePage(
  kit: PageKit,
  page: PageLocale,
  slugs: readonly string[],
  state: DataState,
  t: Translate,
  etag: string,
): PageAnswer {
  const levels = kit.levels(page, slugs, state);
  if (!levels) {
    const moved = movedPlacePath(page, slugs, state) ?? oldSlugPath(kit, page, slugs, state);
    if (moved) return { status: 301, html: '', etag, location: moved };
    return kit.errorPage(page, 404, t, etag);
  }
  const directory = state.directoryIn(page.tag);
  const single = page.regionName === undefined;
  const last = levels[levels.length - 1];
  // The children listed: countries (region root), regions, cities, or stores.
  let children: { name: string; path: string; count: number }[] = [];
  let stores: { name: string; street: string; path: string }[] = [];
  const slugPath = levels.map((l) => l.place.slug);
  if (!last && !single) {
    children = page.countries
      .filter((c) => directory.countries.has(c.countryCode))
      .map((c) => ({
        name: kit.countryName(page, c),
        path: directoryPath(page.path, [c.countryCode.toLowerCase()]),
        count: directory.countries.get(c.countryCode)!.count,
      }));
  } else {
    const place: Place | undefined =
      last?.place ?? directory.countries.get(page.countries[0]!.countryCode);
    if (place && place.children.size > 0) {
      children = [...place.children.values()].map((p) => ({
        name: p.name === '' ? '—' : p.name,
        path: directoryPath(page.path, [...slugPath, p.slug]),
        count: p.count,
      }));
    } else if (place) {
      stores = place.stores.map((s) => ({
        name: s.title,
        street: s.street,
        path: storePagePath(page.path, s.storeId, s.title),
      }));
    }
  }
  const crumbs = kit.crumbs(
    page,
    levels.map((l) => ({ name: l.name, slug: l.place.slug })),
    t,
  );
  const heading = placeTitle(page, levels, t, kit.rootName(page, t));
  const path = directoryPath(page.path, slugPath);
  const main = renderPlaceMain({ heading, children, stores, t });
  const html = renderShell({
    page,
    t,
    title: `${heading} - ${kit.o.brand}`,
    description: t('directory.description', {
      place: last?.name ? levelPhrase(page, last) : kit.rootPhrase(page),
    }),
    canonical: kit.url(path),
    alternates: kit.alternates(page, (p) =>
      directoryPath(p.path, slugsIn(p, page, slugPath, last?.place, state)),
    ),
    jsonLd: crumbs.length > 1 ? [breadcrumbJsonLd(crumbs)] : [],
    crumbs,
    stylesheet: kit.o.stylesheet,
    demoData: kit.o.config.demoData,
    main,
  });
  return { status: 200, html, etag };
}

/**
 * The path of a place in another language of the site (an hreflang alternate): the same place
 * may have another name there (Bruxelles, Brussel), so its slugs are those of its first store
 * in that language's directory.
 */
function slugsIn(
  other: PageLocale,
  page: PageLocale,
  slugPath: readonly string[],
  place: Place | undefined,
  state: DataState,
): readonly string[] {
  if (other.tag === page.tag || !place || slugPath.length === 0) return slugPath;
  const store = state.directoryIn(page.tag).firstStore(place);
  const there = store && state.directoryIn(other.tag).storeSlugs.get(store.storeId);
  if (!there) return slugPath;
  const places = slugPath.length - (other.regionName === undefined ? 0 : 1);
  return [...slugPath.slice(0, slugPath.length - places), ...there.slice(0, places)];
}

/**
 * The path of a place written with the slugs of before (every letter kept: "münchen",
 * "québec"), now ASCII for Latin letters ("munchen", "quebec"), or undefined.
 */
function oldSlugPath(
  kit: PageKit,
  page: PageLocale,
  slugs: readonly string[],
  state: DataState,
): string | undefined {
  const now = slugs.map((s) => placeSlug(s));
  if (now.every((s, i) => s === slugs[i])) return undefined;
  if (kit.levels(page, now, state)) return directoryPath(page.path, now);
  return movedPlacePath(page, now, state);
}

/**
 * The path of a place named as the data writes it ("…/bayern/munich/") now named in the page's
 * language ("…/bayern/münchen/"), or of a city by another of its names (the data named it so
 * before: "munich" when the data now writes München), so that links made before keep working;
 * undefined when the path names no place either way.
 */
function movedPlacePath(
  page: PageLocale,
  slugs: readonly string[],
  state: DataState,
): string | undefined {
  const single = page.regionName === undefined;
  const country = single
    ? page.countries[0]
    : page.countries.find((c) => c.countryCode.toLowerCase() === slugs[0]);
  const rest = single ? slugs : slugs.slice(1);
  const head = single ? [] : [slugs[0]!];
  if (!country || rest.length === 0 || rest.length > 2) return undefined;
  const root = state.directory.countries.get(country.countryCode);
  const places = root && state.directory.walk(root, rest);
  const store = places && state.directory.firstStore(places.at(-1)!);
  const moved = store && state.directoryIn(page.tag).storeSlugs.get(store.storeId);
  if (moved) return directoryPath(page.path, [...head, ...moved.slice(0, rest.length)]);
  // A city by another of its names, in its region.
  const localRoot = state.directoryIn(page.tag).countries.get(country.countryCode);
  const region = rest.length === 2 ? localRoot?.children.get(rest[0]!) : undefined;
  for (const city of region?.children.values() ?? []) {
    if (state.names.same(country.countryCode, rest[1]!, city.name)) {
      return directoryPath(page.path, [...head, region!.slug, city.slug]);
    }
  }
  return undefined;
}
