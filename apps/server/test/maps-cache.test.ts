/** The maps answer cache (src/modules/maps/cache.ts): bounded LRU in front of a provider. */
import { describe, expect, it } from 'vitest';
import type { MapsProvider, Place } from '@locator/geo';
import { withAnswerCache } from '../src/modules/maps/cache.js';

function place(name: string): Place {
  return {
    lines: [name, ''],
    formattedAddress: name,
    latitude: 1,
    longitude: 2,
    countryCode: 'GB',
    kind: 'place',
  };
}

function counting(): MapsProvider & { calls: string[]; gazetteer: string } {
  const calls: string[] = [];
  return {
    calls,
    gazetteer: 'kept',
    autocomplete: async (q, o) => {
      calls.push(`a:${q}:${o.lang}:${o.countries?.join() ?? ''}:${o.limit ?? ''}`);
      return [place(q)];
    },
    geocode: async (q) => {
      calls.push(`g:${q}`);
      return [place(q)];
    },
    reverse: async () => {
      calls.push('r');
      return null;
    },
    eta: async () => {
      calls.push('e');
      return [];
    },
  };
}

describe('withAnswerCache', () => {
  it('answers a repeated place query from the cache, per query and options', async () => {
    const inner = counting();
    const maps = withAnswerCache(inner, { entries: 10 });
    const o = { lang: 'en', countries: ['GB'], limit: 8 };
    const first = await maps.autocomplete('man', o);
    expect(await maps.autocomplete('man', { ...o })).toBe(first);
    await maps.autocomplete('man', { ...o, lang: 'de' });
    await maps.autocomplete('man', { ...o, countries: ['IE'] });
    await maps.autocomplete('man', { ...o, limit: 3 });
    await maps.autocomplete('man', { ...o, near: { lat: 1, lon: 2 } });
    await maps.geocode('man', o);
    await maps.geocode('man', o);
    expect(inner.calls).toEqual([
      'a:man:en:GB:8',
      'a:man:de:GB:8',
      'a:man:en:IE:8',
      'a:man:en:GB:3',
      'a:man:en:GB:8',
      'g:man',
    ]);
  });

  it('passes reverse geocoding and travel time through, and keeps other properties', async () => {
    const inner = counting();
    const maps = withAnswerCache(inner, { entries: 10 }) as MapsProvider & { gazetteer?: string };
    await maps.reverse(1, 2, { lang: 'en' });
    await maps.reverse(1, 2, { lang: 'en' });
    await maps.eta({ lat: 1, lon: 2 }, [{ lat: 1, lon: 3 }], 'walking');
    expect(inner.calls).toEqual(['r', 'r', 'e']);
    expect(maps.gazetteer).toBe('kept');
  });

  it('keeps at most `entries` answers, dropping the least recently used', async () => {
    const inner = counting();
    const maps = withAnswerCache(inner, { entries: 2 });
    const o = { lang: 'en' };
    await maps.geocode('a', o);
    await maps.geocode('b', o);
    await maps.geocode('a', o); // a is now the most recent
    await maps.geocode('c', o); // drops b
    await maps.geocode('a', o);
    await maps.geocode('b', o);
    expect(inner.calls).toEqual(['g:a', 'g:b', 'g:c', 'g:b']);
  });

  it('caches whole answers, notice included, per mode, when the provider gives them', async () => {
    const inner = counting();
    const notice = { code: 'street-not-found' as const, countries: ['DE'], town: 'München' };
    const maps = withAnswerCache(
      {
        ...inner,
        answer: async (q, _o, mode) => {
          inner.calls.push(`${mode}:${q}`);
          return { places: [place('München')], notice };
        },
      },
      { entries: 10 },
    );
    const o = { lang: 'de' };
    const first = await maps.answer?.('Marienplatz 1, München', o, 'geocode');
    expect(first?.notice).toEqual(notice);
    expect(await maps.answer?.('Marienplatz 1, München', o, 'geocode')).toBe(first);
    await maps.answer?.('Marienplatz 1, München', o, 'autocomplete');
    expect(inner.calls).toEqual([
      'geocode:Marienplatz 1, München',
      'autocomplete:Marienplatz 1, München',
    ]);
    // Without one, none is made up.
    expect(withAnswerCache(counting(), { entries: 10 }).answer).toBeUndefined();
  });

  it('is the provider itself with 0 entries', () => {
    const inner = counting();
    expect(withAnswerCache(inner, { entries: 0 })).toBe(inner);
  });
});
