import { describe, expect, it } from 'vitest';
import { buildChannels } from '../src/channels.js';
import {
  HOME_CARD_ORDER,
  RETAIL_IMAGE_KEY,
  channelLinkFromPath,
  homeCardImage,
  homeCardLink,
  homeCards,
  hasResultsPage,
  homeImageKeys,
  imageSide,
  isHighDpi,
  isHomeCardShown,
} from '../src/home.js';
import { PHONE, channelConfig, countryConfig } from './fixtures.js';

const images = {
  salesImageUrl: '/s.jpg',
  salesImageUrl2x: '/s@2x.jpg',
  salesRetailImageUrl2x: '/retail@2x.jpg',
  serviceImageUrl: '/r.jpg',
};

const channels = buildChannels(
  countryConfig({
    channels: {
      sales: channelConfig({ products: [PHONE] }),
      service: channelConfig({ channelId: 'service', products: [] }),
      consulting: channelConfig({
        channelId: 'consulting',
        consultingLinkMap: [{ lang: 'en', link: 'https://c.example.com' }],
      }),
    },
  }),
  { lang: 'en' },
);

describe('card visibility (PRODUCT.md#home-page)', () => {
  it('shows product channels with products or countries only', () => {
    expect(isHomeCardShown('sales', channels.sales)).toBe(true);
    expect(isHomeCardShown('service', channels.service)).toBe(false);
    expect(isHomeCardShown('sales', undefined)).toBe(false);
  });

  it('always shows consulting; training when configured', () => {
    expect(isHomeCardShown('consulting', undefined)).toBe(true);
    expect(isHomeCardShown('training', undefined)).toBe(false);
    expect(isHomeCardShown('training', channels.sales)).toBe(true);
  });

  it('orders sales, service, consulting, training', () => {
    expect(HOME_CARD_ORDER).toEqual(['sales', 'service', 'consulting', 'training']);
  });
});

describe('card link (PRODUCT.md#home-page)', () => {
  it.each([
    ['/', 'sales', '/sales'],
    ['/uk/en/', 'sales', '/uk/en/sales'],
    ['/uk/en', 'service', '/uk/en/service'],
    ['', 'sales', '/sales'],
    ['/uk/en//', 'sales', '/uk/en/sales'],
  ])('%s + %s → %s', (path, channel, link) => {
    expect(channelLinkFromPath(path, channel)).toBe(link);
  });

  it('prefers the externalLink when set and not blank', () => {
    expect(homeCardLink('/in/en/', 'service', 'https://cas.example.com')).toEqual({
      href: 'https://cas.example.com',
      external: true,
    });
    expect(homeCardLink('/in/en/', 'service', ' ')).toEqual({
      href: '/in/en/service',
      external: false,
    });
    expect(homeCardLink('/', 'sales', undefined)).toEqual({ href: '/sales', external: false });
  });

  it('training: its external link first, else its results page when searchable, else none', () => {
    expect(homeCardLink('/uk/en/', 'training', 'https://training.example.com/uk')).toEqual({
      href: 'https://training.example.com/uk',
      external: true,
    });
    expect(homeCardLink('/uk/en/', 'training', 'https://training.example.com/uk', true)).toEqual({
      href: 'https://training.example.com/uk',
      external: true,
    });
    expect(homeCardLink('/us/en/', 'training', undefined, true)).toEqual({
      href: '/us/en/training',
      external: false,
    });
    expect(homeCardLink('/uk/en/', 'training', undefined)).toEqual({ external: false });
    expect(homeCardLink('/uk/en/', 'training', ' ', false)).toEqual({ external: false });
  });
});

describe('results pages (training providers)', () => {
  const withTraining = (products: (typeof PHONE)[], link?: string) =>
    buildChannels(
      countryConfig({
        channels: {
          sales: channelConfig({ products: [PHONE] }),
          training: channelConfig({
            channelId: 'training',
            products,
            consultingLinkMap: link ? [{ lang: 'en', link }] : [],
          }),
        },
      }),
      { lang: 'en' },
    );

  it('sales and service have one when configured; training when it has products', () => {
    const searchable = withTraining([PHONE]);
    const bare = withTraining([]);
    expect(hasResultsPage('sales', searchable.sales)).toBe(true);
    expect(hasResultsPage('service', channels.service)).toBe(true);
    expect(hasResultsPage('sales', undefined)).toBe(false);
    expect(hasResultsPage('consulting', channels.consulting)).toBe(false);
    expect(hasResultsPage('training', searchable.training)).toBe(true);
    expect(hasResultsPage('training', bare.training)).toBe(false);
    expect(hasResultsPage('training', undefined)).toBe(false);
  });

  it('the training card: externalLink, else the results page, else no link', () => {
    const ctx = { pathname: '/us/en/', country: 'us', devicePixelRatio: 1, images: {} };
    const card = (c: ReturnType<typeof withTraining>) =>
      homeCards(c, ctx).find((x) => x.channel === 'training');
    expect(card(withTraining([PHONE], 'https://t.example.com'))).toMatchObject({
      href: 'https://t.example.com',
      external: true,
    });
    expect(card(withTraining([PHONE]))).toMatchObject({
      href: '/us/en/training',
      external: false,
    });
    const none = card(withTraining([]));
    expect(none).toMatchObject({ channel: 'training', external: false });
    expect(none?.href).toBeUndefined();
  });
});

describe('card images (PRODUCT.md#home-page, #display)', () => {
  it('alternates sides: 0 right, 1 left, 2 right', () => {
    expect([0, 1, 2, 3].map(imageSide)).toEqual(['right', 'left', 'right', 'left']);
  });

  it('uses high DPI from a device pixel ratio of 2', () => {
    expect(isHighDpi(1.99)).toBe(false);
    expect(isHighDpi(2)).toBe(true);
    expect(homeImageKeys('service', 'us', 1)).toEqual(['serviceImageUrl']);
    expect(homeImageKeys('service', 'us', 2)).toEqual(['serviceImageUrl2x', 'serviceImageUrl']);
  });

  it('uses the retail image for sales on high DPI in the listed countries only', () => {
    for (const country of ['ae', 'at', 'be', 'kr', 'mo', 'sg', 'th', 'tr', 'TW']) {
      expect(homeCardImage('sales', { country, devicePixelRatio: 2, images })?.key).toBe(
        RETAIL_IMAGE_KEY,
      );
    }
    expect(homeCardImage('sales', { country: 'us', devicePixelRatio: 3, images })?.url).toBe(
      '/s@2x.jpg',
    );
    expect(homeCardImage('sales', { country: 'ae', devicePixelRatio: 1, images })?.url).toBe(
      '/s.jpg',
    );
    expect(homeImageKeys('service', 'ae', 2)).not.toContain(RETAIL_IMAGE_KEY);
  });

  it('falls back to the standard image, and to none', () => {
    expect(homeCardImage('service', { country: 'ae', devicePixelRatio: 2, images })).toEqual({
      key: 'serviceImageUrl',
      url: '/r.jpg',
    });
    expect(
      homeCardImage('consulting', {
        country: 'us',
        devicePixelRatio: 1,
        images: { consultingImageUrl: '' },
      }),
    ).toBeUndefined();
  });
});

describe('homeCards', () => {
  it('lists the shown cards with link, side and image', () => {
    const cards = homeCards(channels, {
      pathname: '/',
      country: 'us',
      devicePixelRatio: 1,
      images,
    });
    expect(cards).toEqual([
      {
        channel: 'sales',
        href: '/sales',
        external: false,
        imageSide: 'right',
        image: { key: 'salesImageUrl', url: '/s.jpg' },
      },
      { channel: 'consulting', href: 'https://c.example.com', external: true, imageSide: 'left' },
    ]);
  });
});
