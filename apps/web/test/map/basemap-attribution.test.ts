/** A vendor style's attributions (hostile input): plain text, only http(s) links. */
// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { styleAttributions } from '../../src/components/map/basemap';

const style = (...attributions: string[]) => ({
  sources: Object.fromEntries(attributions.map((attribution, i) => [`s${i}`, { attribution }])),
});

describe('vendor style attributions', () => {
  it('keeps the text of each link and its http(s) href', () => {
    expect(
      styleAttributions(
        style(
          '<a href="https://www.openstreetmap.org/copyright">© OpenStreetMap</a> <a href="https://vendor.example.com/">© Vendor</a>',
          'Plain credit',
        ),
      ),
    ).toEqual([
      { text: '© OpenStreetMap', href: 'https://www.openstreetmap.org/copyright' },
      { text: '© Vendor', href: 'https://vendor.example.com/' },
      { text: 'Plain credit', href: '' },
    ]);
  });

  it('gives no href for javascript:, data:, vbscript: or relative links', () => {
    expect(
      styleAttributions(
        style(
          '<a href="javascript:alert(1)">A</a><a href=" JaVaScRiPt:alert(1)">B</a>',
          '<a href="data:text/html,<script>alert(1)</script>">C</a><a href="vbscript:msgbox(1)">D</a>',
          '<a href="/copyright">E</a><a>F</a>',
        ),
      ),
    ).toEqual(['A', 'B', 'C', 'D', 'E', 'F'].map((text) => ({ text, href: '' })));
  });

  it('keeps markup as text and runs nothing', () => {
    const w = window as unknown as { __pwned?: string };
    const out = styleAttributions(
      style('<img src=x onerror="window.__pwned=1">&lt;script&gt;x&lt;/script&gt; © Vendor'),
    );
    expect(out).toEqual([{ text: '<script>x</script> © Vendor', href: '' }]);
    expect(w.__pwned).toBeUndefined();
  });
});
