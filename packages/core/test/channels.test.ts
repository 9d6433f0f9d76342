import { describe, expect, it } from 'vitest';
import {
  ALL_PRODUCTS_OPTION,
  CN_PROVIDER_SUPPORT_URL,
  appendQuery,
  buildChannel,
  buildChannels,
  carrierNames,
  channelHasOptions,
  consultingExternalLink,
  countryOptions,
  productOptions,
  resolveProductOption,
  serviceExternalLink,
  toProductOption,
} from '../src/channels.js';
import type { ChannelConfig, Product } from '../src/types.js';
import { COMPUTER, PHONE, TABLET, WATCH, channelConfig, countryConfig } from './fixtures.js';

describe('product options (PRODUCT.md#channels-in-the-web-app)', () => {
  it('sorts by displayOrder and keeps the option fields only', () => {
    const options = productOptions('service', [WATCH, PHONE, COMPUTER]);
    expect(options.map((o) => o.code)).toEqual(['phone', 'computer', 'watch']);
    expect(options[0]).toEqual({
      _id: '1',
      displayName: 'PHONE',
      code: 'phone',
      value: 'iphone',
      displayOrder: 1,
    });
  });

  it('puts "All Products" (code allproducts) first for sales', () => {
    const options = productOptions('sales', [TABLET, PHONE]);
    expect(options[0]).toEqual(ALL_PRODUCTS_OPTION);
    expect(options[0]?.code).toBe('allproducts');
    expect(options.map((o) => o.code)).toEqual(['allproducts', 'phone', 'tablet']);
  });

  it('does not add "All Products" twice when the config already has one', () => {
    const all = { ...PHONE, _id: 'all', code: 'allproducts' };
    expect(productOptions('sales', [all, PHONE]).filter((o) => o._id === 'all')).toHaveLength(1);
  });

  it('does not modify its input', () => {
    const input = [WATCH, PHONE];
    productOptions('service', input);
    expect(input).toEqual([WATCH, PHONE]);
  });

  it('toProductOption strips product-only fields', () => {
    expect(Object.keys(toProductOption(PHONE)).sort()).toEqual(
      ['_id', 'code', 'displayName', 'displayOrder', 'value'].sort(),
    );
  });
});

describe('country and carrier options (PRODUCT.md#channels-in-the-web-app)', () => {
  it('shows only countries with products', () => {
    const options = countryOptions('service', [
      { countryCode: 'fj', countryName: 'Fiji', products: [], carriers: [] },
      {
        countryCode: 'ws',
        countryName: 'Samoa',
        countryNativeName: 'Sāmoa',
        products: [TABLET, PHONE],
        carriers: [{ name: 'Digicel', salesURL: '', serviceURL: '' }],
      },
    ]);
    expect(options).toEqual([
      {
        countryCode: 'ws',
        countryName: 'Samoa',
        countryNativeName: 'Sāmoa',
        products: [toProductOption(PHONE), toProductOption(TABLET)],
        carriers: [{ name: 'Digicel' }],
      },
    ]);
  });

  it('leaves countryNativeName out when absent, adds All Products for sales', () => {
    const [option] = countryOptions('sales', [
      { countryCode: 'ws', countryName: 'Samoa', products: [PHONE], carriers: [] },
    ]);
    expect(option).not.toHaveProperty('countryNativeName');
    expect(option?.products[0]?.code).toBe('allproducts');
  });

  it('maps carriers to names, dropping blanks', () => {
    expect(carrierNames([{ name: 'A' }, { name: '  ' }, { name: 'B' }])).toEqual([
      { name: 'A' },
      { name: 'B' },
    ]);
  });
});

describe('product resolver (PRODUCT.md#channels-in-the-web-app)', () => {
  const channel = buildChannel(
    'service',
    channelConfig({
      products: [PHONE],
      countries: [{ countryCode: 'ws', countryName: 'Samoa', products: [WATCH], carriers: [] }],
    }),
    countryConfig(),
    { lang: 'en' },
  );

  it('finds a product of the channel or of one of its countries', () => {
    expect(resolveProductOption(channel, '1').code).toBe('phone');
    expect(resolveProductOption(channel, ' 4 ').code).toBe('watch');
  });

  it('maps unknown, "all", empty and missing ids to "All Products" / code "all"', () => {
    for (const id of ['999', 'all', '', null, undefined]) {
      expect(resolveProductOption(channel, id)).toMatchObject({
        _id: 'all',
        displayName: 'All Products',
        code: 'all',
      });
    }
    expect(resolveProductOption(undefined, '1').code).toBe('all');
  });

  it('returns a copy', () => {
    const found = resolveProductOption(channel, '1');
    found.code = 'changed';
    expect(resolveProductOption(channel, '1').code).toBe('phone');
  });
});

describe('externalLink for service (PRODUCT.md#channels-in-the-web-app)', () => {
  it('points China with casRedirect to the provider support URL with caller and locale', () => {
    const link = serviceExternalLink(
      { countryCode: 'CN', casRedirect: true, casSupportUrl: 'https://cas.example.com/' },
      { lang: 'zh' },
    );
    expect(link).toBe(`${CN_PROVIDER_SUPPORT_URL}?caller=grl&locale=zh_CN`);
  });

  it('accepts a configured provider URL that already has a query', () => {
    const link = serviceExternalLink(
      { countryCode: 'cn', casRedirect: true, casSupportUrl: '' },
      { lang: 'en', cnProviderSupportUrl: 'https://p.example.com/s?x=1' },
    );
    expect(link).toBe('https://p.example.com/s?x=1&caller=grl&locale=en_CN');
  });

  it('uses casSupportUrl elsewhere when casRedirect is on', () => {
    expect(
      serviceExternalLink(
        { countryCode: 'in', casRedirect: true, casSupportUrl: 'https://cas.example.com/in' },
        { lang: 'en' },
      ),
    ).toBe('https://cas.example.com/in');
  });

  it('has no link when casRedirect is off, or casSupportUrl is blank', () => {
    expect(
      serviceExternalLink(
        { countryCode: 'cn', casRedirect: false, casSupportUrl: 'https://x.example.com' },
        { lang: 'zh' },
      ),
    ).toBeUndefined();
    expect(
      serviceExternalLink(
        { countryCode: 'in', casRedirect: true, casSupportUrl: ' ' },
        { lang: 'en' },
      ),
    ).toBeUndefined();
  });
});

describe('externalLink for consulting (PRODUCT.md#channels-in-the-web-app)', () => {
  const map = [
    { lang: 'en', link: 'https://c.example.com/en' },
    { lang: 'fr', link: 'https://c.example.com/fr' },
    { lang: 'zh', link: 'https://c.example.com/zh' },
  ];

  it('takes the entry of the current language', () => {
    expect(consultingExternalLink(map, 'fr')).toBe('https://c.example.com/fr');
    expect(consultingExternalLink(map, 'FR')).toBe('https://c.example.com/fr');
  });

  it('matches on the primary language subtag', () => {
    expect(consultingExternalLink(map, 'zh-Hant')).toBe('https://c.example.com/zh');
  });

  it('falls back to the first entry', () => {
    expect(consultingExternalLink(map, 'de')).toBe('https://c.example.com/en');
  });

  it('has no link without entries, skipping blank links', () => {
    expect(consultingExternalLink([], 'en')).toBeUndefined();
    expect(consultingExternalLink(undefined, 'en')).toBeUndefined();
    expect(consultingExternalLink([{ lang: 'en', link: '' }], 'en')).toBeUndefined();
  });
});

describe('buildChannels (PRODUCT.md#channel-configuration → #channels-in-the-web-app)', () => {
  const config = countryConfig({
    countryCode: 'in',
    casRedirect: true,
    casSupportUrl: 'https://cas.example.com/in',
    carriers: [
      { name: 'Airtel', salesURL: 'https://a.example.com', serviceURL: '' },
      { name: 'Jio', salesURL: '', serviceURL: '' },
    ],
    channels: {
      sales: channelConfig({ channelName: 'Where to buy', products: [TABLET, PHONE] }),
      service: channelConfig({
        channelId: 'service',
        channelName: 'Repairs',
        dropOff: true,
        products: [PHONE],
      }),
      consulting: channelConfig({
        channelId: 'consulting',
        channelName: 'Consulting',
        consultingLinkMap: [{ lang: 'hi', link: 'https://c.example.com/hi' }],
      }),
    },
  });

  it('builds the configured channels with their keys as ids', () => {
    const channels = buildChannels(config, { lang: 'en' });
    expect(Object.keys(channels)).toEqual(['sales', 'service', 'consulting']);
    expect(channels.sales).toMatchObject({
      id: 'sales',
      name: 'Where to buy',
      maxResults: 50,
      dropOff: false,
      searchRadius: 80,
    });
    expect(channels.sales?.options.products.map((p) => p.code)).toEqual([
      'allproducts',
      'phone',
      'tablet',
    ]);
    expect(channels.sales?.options.carriers).toBeUndefined();
    expect(channels.sales?.externalLink).toBeUndefined();
  });

  it('gives training the externalLink of its link map, as consulting', () => {
    const withTraining = countryConfig({
      channels: {
        training: channelConfig({
          channelId: 'training',
          channelName: 'Training',
          consultingLinkMap: [{ lang: 'en', link: 'https://t.example.com/en' }],
        }),
      },
    });
    expect(buildChannels(withTraining, { lang: 'en' }).training?.externalLink).toBe(
      'https://t.example.com/en',
    );
  });

  it('gives carriers to service only, and its externalLink', () => {
    const { service } = buildChannels(config, { lang: 'en' });
    expect(service?.options.carriers).toEqual([{ name: 'Airtel' }, { name: 'Jio' }]);
    expect(service?.externalLink).toBe('https://cas.example.com/in');
    expect(service?.dropOff).toBe(true);
  });

  it('gives consulting its link', () => {
    expect(buildChannels(config, { lang: 'en' }).consulting?.externalLink).toBe(
      'https://c.example.com/hi',
    );
  });

  it('copes with missing lists in served configuration', () => {
    const loose = {
      ...channelConfig(),
      products: undefined,
      countries: undefined,
    } as unknown as ChannelConfig;
    const bare = countryConfig({ carriers: undefined as unknown as [] });
    const channel = buildChannel('service', loose, bare, { lang: 'en' });
    expect(channel.options).toEqual({ products: [], country: [], carriers: [] });
  });
});

describe('channelHasOptions (PRODUCT.md#home-page)', () => {
  const build = (products: Product[], countries: ChannelConfig['countries'] = []) =>
    buildChannel('sales', channelConfig({ products, countries }), countryConfig(), { lang: 'en' });

  it('is false for a missing channel or one with only "All Products"', () => {
    expect(channelHasOptions(undefined)).toBe(false);
    expect(channelHasOptions(build([]))).toBe(false);
  });

  it('is true with products or with countries', () => {
    expect(channelHasOptions(build([PHONE]))).toBe(true);
    expect(
      channelHasOptions(
        build([], [{ countryCode: 'ws', countryName: 'Samoa', products: [PHONE], carriers: [] }]),
      ),
    ).toBe(true);
  });
});

describe('appendQuery', () => {
  it('picks the right separator', () => {
    expect(appendQuery('https://x.example.com', 'a=1')).toBe('https://x.example.com?a=1');
    expect(appendQuery('https://x.example.com?', 'a=1')).toBe('https://x.example.com?a=1');
    expect(appendQuery('https://x.example.com?b=2&', 'a=1')).toBe('https://x.example.com?b=2&a=1');
    expect(appendQuery('https://x.example.com?b=2', 'a=1')).toBe('https://x.example.com?b=2&a=1');
    expect(appendQuery('https://x.example.com', '')).toBe('https://x.example.com');
  });
});
