import { describe, expect, it } from 'vitest';
import {
  orderForDisplay,
  pickDisplayName,
  romaniseCyrillic,
  withinOneEdit,
} from '../src/display-names.js';
import { foldText, langInfo } from '../src/normalise.js';
import { pickTypedName } from '../src/typed-names.js';

describe('foldText', () => {
  it.each([
    ['München', 'munchen'],
    ['SAINT-ÉTIENNE', 'saint etienne'],
    ["  's-Hertogenbosch ", 's hertogenbosch'],
    ['Łódź', 'lodz'],
    ['Straße', 'strasse'],
    ['Tromsø', 'tromso'],
    ['İstanbul', 'istanbul'],
    ['Ａｂｃ', 'abc'], // full-width
    ['Москва', 'москва'],
    ['Ёлки', 'елки'],
    ['القاهرة', 'القاهره'],
    ['أبو ظبي', 'ابو ظبي'],
    ['عَمّان', 'عمان'], // harakat removed
    ['とうきょう', 'トウキョウ'], // hiragana folded to katakana
    ['Αθήνα', 'αθηνα'],
  ])('%s → %s', (input, folded) => {
    expect(foldText(input)).toBe(folded);
  });

  it('is idempotent and keeps CJK as is', () => {
    for (const s of ['東京都', '서울특별시', 'กรุงเทพมหานคร', 'São Paulo, SP']) {
      expect(foldText(foldText(s))).toBe(foldText(s));
    }
    expect(foldText('北京')).toBe('北京');
  });

  it('folds a Hangul prefix to a prefix of the whole word', () => {
    expect(foldText('서울').startsWith(foldText('서'))).toBe(true);
  });
});

describe('langInfo', () => {
  it('reduces BCP 47 tags', () => {
    expect(langInfo('pt-BR')).toEqual({ base: 'pt', traditional: false });
    expect(langInfo('zh_HK')).toEqual({ base: 'zh', traditional: true });
    expect(langInfo('zh-Hant')).toEqual({ base: 'zh', traditional: true });
    expect(langInfo('zh-CN')).toEqual({ base: 'zh', traditional: false });
    expect(langInfo('nb-NO').base).toBe('no');
    expect(langInfo('').base).toBe('en');
  });
});

describe('display names', () => {
  const tokyo = {
    name: 'Tokyo',
    nonLatin: ['Токио', 'توكيو', 'טוקיו', 'โตเกียว', '东京', '東京', '東京都', '도쿄'],
    countryCode: 'JP',
  };
  it('picks by the script of the language', () => {
    expect(pickDisplayName(tokyo, langInfo('en'))).toBe('Tokyo');
    expect(pickDisplayName(tokyo, langInfo('ru'))).toBe('Токио');
    expect(pickDisplayName(tokyo, langInfo('ar'))).toBe('توكيو');
    expect(pickDisplayName(tokyo, langInfo('he'))).toBe('טוקיו');
    expect(pickDisplayName(tokyo, langInfo('th'))).toBe('โตเกียว');
    expect(pickDisplayName(tokyo, langInfo('ko'))).toBe('도쿄');
    expect(pickDisplayName(tokyo, langInfo('zh'))).toBe('东京');
    expect(pickDisplayName(tokyo, langInfo('zh-Hant'))).toBe('東京');
    expect(pickDisplayName(tokyo, langInfo('ja'))).toBe('東京');
  });

  it('prefers katakana for foreign places in Japanese', () => {
    const munich = { name: 'Munich', nonLatin: ['ミュンヘン', '慕尼黑'], countryCode: 'DE' };
    expect(pickDisplayName(munich, langInfo('ja'))).toBe('ミュンヘン');
    expect(pickDisplayName(munich, langInfo('zh'))).toBe('慕尼黑');
  });

  it('falls back to the main name when the script has no name', () => {
    expect(
      pickDisplayName({ name: 'Soldeu', nonLatin: [], countryCode: 'AD' }, langInfo('ja')),
    ).toBe('Soldeu');
    expect(
      pickDisplayName({ name: 'Ordino', nonLatin: ['Ордино'], countryCode: 'AD' }, langInfo('el')),
    ).toBe('Ordino');
  });

  it('orders Cyrillic names by agreement with the Latin romanisations', () => {
    const latin = new Set(['moscow', 'moskva', 'moskwa', 'moskvy', 'maskav', 'moskau']);
    const ordered = orderForDisplay(['Маскав', 'Москва', 'Москве'], latin);
    expect(ordered[0]).toBe('Москва');
    expect(romaniseCyrillic('Москва')).toBe('moskva');
  });

  it('pickTypedName keeps the main name unless another spelling was typed', () => {
    const alts = ['Mailand', 'Milano', 'Milaan'];
    expect(pickTypedName('Milan', alts, 'mil')).toBe('Milan');
    expect(pickTypedName('Milan', alts, 'Mail')).toBe('Mailand');
    expect(pickTypedName('Munich', ['Munchen', 'München'], 'Mün')).toBe('München');
    expect(pickTypedName('Munich', ['Munchen', 'München'], 'mun')).toBe('Munich');
    expect(pickTypedName('Munich', ['Munchen', 'München'], 'munche')).toBe('Munchen');
    expect(pickTypedName('Łódź', ['Lodz'], 'lodz')).toBe('Łódź');
    expect(pickTypedName('Oslo', [], '')).toBe('Oslo');
  });

  it('withinOneEdit', () => {
    expect(withinOneEdit('moskva', 'moskwa')).toBe(true);
    expect(withinOneEdit('moskva', 'moskova')).toBe(true);
    expect(withinOneEdit('moskva', 'maskav')).toBe(false);
    expect(withinOneEdit('', 'a')).toBe(true);
  });
});
