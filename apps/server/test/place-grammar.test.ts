/** The directory's places with their language's preposition ("Magasins en France"). */
import { describe, expect, it } from 'vitest';
import { placePhrase } from '../src/modules/pages/place-grammar.js';

describe('places with their preposition', () => {
  it('writes French countries with en, au, aux or à, regions with en or au, towns with à', () => {
    expect(placePhrase('fr', 'country', 'France', 'FR')).toBe('en France');
    expect(placePhrase('fr', 'country', 'Canada', 'ca')).toBe('au Canada');
    expect(placePhrase('fr', 'country', 'États-Unis', 'US')).toBe('aux États-Unis');
    expect(placePhrase('fr', 'country', 'Singapour', 'SG')).toBe('à Singapour');
    expect(placePhrase('fr', 'region', 'Île-de-France')).toBe('en Île-de-France');
    expect(placePhrase('fr', 'region', 'Québec')).toBe('au Québec');
    expect(placePhrase('fr', 'city', 'Paris')).toBe('à Paris');
  });

  it('writes Portuguese countries with no, na, nos or em', () => {
    expect(placePhrase('pt', 'country', 'Brasil', 'BR')).toBe('no Brasil');
    expect(placePhrase('pt', 'country', 'Portugal', 'PT')).toBe('em Portugal');
    expect(placePhrase('pt', 'country', 'França', 'FR')).toBe('na França');
    expect(placePhrase('pt', 'country', 'Estados Unidos', 'US')).toBe('nos Estados Unidos');
    expect(placePhrase('pt', 'city', 'São Paulo')).toBe('em São Paulo');
  });

  it('writes Italian, German and English places as those languages do', () => {
    expect(placePhrase('it', 'country', 'Italia', 'IT')).toBe('in Italia');
    expect(placePhrase('it', 'city', 'Milano')).toBe('a Milano');
    expect(placePhrase('de', 'country', 'Schweiz', 'CH')).toBe('in der Schweiz');
    expect(placePhrase('de', 'country', 'Deutschland', 'DE')).toBe('in Deutschland');
    expect(placePhrase('en', 'country', 'United States', 'US')).toBe('the United States');
    expect(placePhrase('en', 'country', 'Canada', 'CA')).toBe('Canada');
    expect(placePhrase('ja', 'country', '日本', 'JP')).toBe('日本');
  });
});
