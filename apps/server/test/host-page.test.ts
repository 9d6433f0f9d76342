import { describe, expect, it } from 'vitest';
import { jsonForScript, renderHostPage } from '../src/http/host-page.js';
import { staticCacheControl } from '../src/app.js';

const TEMPLATE = '<!doctype html><html lang="en"><head><title>x</title></head><body></body></html>';

/** The boot value embedded in a rendered host page. */
function bootOf(html: string): Record<string, unknown> {
  const json = /id="locator-boot">(.*?)<\/script>/.exec(html)?.[1] ?? '{}';
  return JSON.parse(json) as Record<string, unknown>;
}

describe('host page', () => {
  it('embeds the boot value as a JSON data block and sets lang and dir', () => {
    const html = renderHostPage(TEMPLATE, { locale: 'ar-AE', brand: 'Lumen' });
    expect(html).toContain('<html lang="ar-AE" dir="rtl">');
    expect(html).toContain(
      '<script type="application/json" id="locator-boot">{"locale":"ar-AE","brand":"Lumen","countryLabel":"الإمارات العربية المتحدة"}</script>',
    );
  });

  it("embeds the chooser's label of the locale's country, when the chooser lists the locale", () => {
    expect(bootOf(renderHostPage(TEMPLATE, { locale: 'fr-CA', brand: 'B' }))).toEqual({
      locale: 'fr-CA',
      brand: 'B',
      countryLabel: 'Canada (Français)',
    });
    expect(bootOf(renderHostPage(TEMPLATE, { locale: 'en-EUROPE', brand: 'B' })).countryLabel).toBe(
      'Other Europe',
    );
    expect(bootOf(renderHostPage(TEMPLATE, { locale: 'he-IL', brand: 'B' }))).toEqual({
      locale: 'he-IL',
      brand: 'B',
    });
  });

  it('uses BCP 47 tags for the odd locale keys', () => {
    expect(renderHostPage(TEMPLATE, { locale: 'in-ID', brand: 'B' })).toContain('lang="id-ID"');
    expect(renderHostPage(TEMPLATE, { locale: 'es-LAC', brand: 'B' })).toContain('lang="es-419"');
  });

  it('cannot be broken out of by data containing markup', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script>&\u2028' });
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    expect(json).not.toContain('&');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>&\u2028' });
  });
});

describe('static cache headers', () => {
  it('caches hashed assets for a year, translations for 30 days, the rest for an hour', () => {
    expect(staticCacheControl('/dist/assets/index-abc.js')).toMatch(/immutable/);
    expect(staticCacheControl('/dist/locales/commons-en_US.json')).toBe('public, max-age=2592000');
    expect(staticCacheControl('/dist/images/x.jpg')).toBe('public, max-age=3600');
  });
});
