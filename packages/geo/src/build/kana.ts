/** Hepburn romanisation of katakana readings ("ｼﾝｼﾞｭｸ" → "shinjuku"), for district names. */

const BASE: Record<string, string> = {
  ア: 'a',
  イ: 'i',
  ウ: 'u',
  エ: 'e',
  オ: 'o',
  カ: 'ka',
  キ: 'ki',
  ク: 'ku',
  ケ: 'ke',
  コ: 'ko',
  ガ: 'ga',
  ギ: 'gi',
  グ: 'gu',
  ゲ: 'ge',
  ゴ: 'go',
  サ: 'sa',
  シ: 'shi',
  ス: 'su',
  セ: 'se',
  ソ: 'so',
  ザ: 'za',
  ジ: 'ji',
  ズ: 'zu',
  ゼ: 'ze',
  ゾ: 'zo',
  タ: 'ta',
  チ: 'chi',
  ツ: 'tsu',
  テ: 'te',
  ト: 'to',
  ダ: 'da',
  ヂ: 'ji',
  ヅ: 'zu',
  デ: 'de',
  ド: 'do',
  ナ: 'na',
  ニ: 'ni',
  ヌ: 'nu',
  ネ: 'ne',
  ノ: 'no',
  ハ: 'ha',
  ヒ: 'hi',
  フ: 'fu',
  ヘ: 'he',
  ホ: 'ho',
  バ: 'ba',
  ビ: 'bi',
  ブ: 'bu',
  ベ: 'be',
  ボ: 'bo',
  パ: 'pa',
  ピ: 'pi',
  プ: 'pu',
  ペ: 'pe',
  ポ: 'po',
  マ: 'ma',
  ミ: 'mi',
  ム: 'mu',
  メ: 'me',
  モ: 'mo',
  ヤ: 'ya',
  ユ: 'yu',
  ヨ: 'yo',
  ラ: 'ra',
  リ: 'ri',
  ル: 'ru',
  レ: 're',
  ロ: 'ro',
  ワ: 'wa',
  ヲ: 'o',
  ン: 'n',
  ヴ: 'vu',
};
const SMALL_Y: Record<string, string> = { ャ: 'a', ュ: 'u', ョ: 'o' };
const SMALL_VOWEL: Record<string, string> = { ァ: 'a', ィ: 'i', ゥ: 'u', ェ: 'e', ォ: 'o' };

/** Romanises katakana (half- or full-width); other characters are dropped. */
export function romaniseKana(kana: string): string {
  const s = kana.normalize('NFKC');
  let out = '';
  let double = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] ?? '';
    const next = s[i + 1] ?? '';
    if (ch === 'ッ') {
      double = true;
      continue;
    }
    if (ch === 'ー') {
      out += out.slice(-1);
      continue;
    }
    let syl = BASE[ch];
    if (syl === undefined) continue;
    if (SMALL_Y[next] !== undefined) {
      // キャ → kya, シャ → sha, チャ → cha, ジャ → ja
      const palatal = syl === 'shi' || syl === 'chi' || syl === 'ji';
      const stem = palatal ? syl.slice(0, -1) : `${syl.slice(0, -1)}y`;
      syl = stem + SMALL_Y[next];
      i++;
    } else if (SMALL_VOWEL[next] !== undefined) {
      syl = syl.slice(0, -1) + SMALL_VOWEL[next];
      i++;
    }
    if (double) out += syl[0] === 'c' ? 't' : (syl[0] ?? '');
    double = false;
    out += syl;
  }
  // Long vowels as the usual English spelling writes them: Chūō → Chuo, Kōtō → Koto.
  return out.replace(/ou|oo/g, 'o').replace(/uu/g, 'u');
}
