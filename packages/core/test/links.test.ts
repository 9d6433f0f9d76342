import { describe, expect, it } from 'vitest';
import {
  appointmentProduct,
  appointmentUrl,
  carrierLink,
  directionsUrl,
  encodeQueryValue,
  isApptSchedulerSet,
  isAppointmentLinkShown,
  isWebUrl,
  pdmPrefix,
  queryFromCarrier,
  sharePayload,
  storeAddressParts,
  telHref,
  usesSourceCoordinates,
} from '../src/links.js';
import { PHONE, TABLET, product, store } from './fixtures.js';

const GD = 'https://maps.example.com/?';
const shop = store({
  street1: '1 Main St',
  street2: 'Unit 2',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
});
const source = { latitude: 39.78, longitude: -89.65, formattedAddress: 'Springfield, IL' };

describe('directions (PRODUCT.md#external-links)', () => {
  it('uses the source formattedAddress, the store address and the language', () => {
    expect(directionsUrl(GD, source, shop, 'en')).toBe(
      'https://maps.example.com/?saddr=Springfield,%20IL' +
        '&daddr=1%20Main%20St,Unit%202,Springfield,IL,62701&hl=en',
    );
  });

  it('uses the source lat,lon without a formattedAddress', () => {
    expect(directionsUrl(GD, { latitude: 1.5, longitude: -2 }, shop, 'fr')).toMatch(
      /^https:\/\/maps\.example\.com\/\?saddr=1\.5,-2&daddr=.*&hl=fr$/,
    );
    expect(directionsUrl(GD, { ...source, formattedAddress: ' ' }, shop, 'en')).toContain(
      'saddr=39.78,-89.65&',
    );
  });

  it('uses the source lat,lon for approximate geoCodeStatus values', () => {
    for (const status of ['ADDRESS_INTERPOLATED', 'address_interpolated', 'APPROXIMATE']) {
      expect(directionsUrl(GD, source, { ...shop, geoCodeStatus: status }, 'en')).toContain(
        'saddr=39.78,-89.65&',
      );
    }
    expect(usesSourceCoordinates('ADDRESS_PARCEL')).toBe(false);
    expect(usesSourceCoordinates(undefined)).toBe(false);
  });

  it('encodes values and skips blank address parts', () => {
    const odd = store({
      street1: 'Rue & Co #5',
      street2: '',
      city: 'Zürich',
      state: ' ',
      postalCode: '8001',
    });
    expect(directionsUrl(GD, { ...source, formattedAddress: 'a&b=c' }, odd, 'de-CH')).toBe(
      'https://maps.example.com/?saddr=a%26b%3Dc&daddr=Rue%20%26%20Co%20%235,Z%C3%BCrich,8001&hl=de-CH',
    );
  });

  it('gives no link without getDirection', () => {
    expect(directionsUrl(' ', source, shop, 'en')).toBe('');
  });

  it('lists the address parts', () => {
    expect(storeAddressParts(shop)).toEqual(['1 Main St', 'Unit 2', 'Springfield', 'IL', '62701']);
    expect(storeAddressParts({ ...shop, street2: undefined as unknown as string })).toHaveLength(4);
    expect(encodeQueryValue('a,b c')).toBe('a,b%20c');
  });
});

describe('appointment link (PRODUCT.md#external-links)', () => {
  const base = {
    casSupportUrl: 'https://cas.example.com/appt?locale=',
    locale: 'en_IN',
    storeId: 'S 1',
    latitude: 19.07,
    longitude: 72.87,
  };

  it('builds the base link', () => {
    expect(appointmentUrl(base)).toBe(
      'https://cas.example.com/appt?locale=en_IN&storeID=S%201&lat=19.07&long=72.87',
    );
  });

  it('appends the current query from "carrier" onward, then the product prefix', () => {
    expect(
      appointmentUrl({
        ...base,
        currentQuery: '?pt=1&lat=19&lon=72&address=Mumbai&carrier=Jio&repairType=Drop%20off',
        product: { pdmSuperGrpProductId: 'SG123' },
      }),
    ).toBe(
      'https://cas.example.com/appt?locale=en_IN&storeID=S%201&lat=19.07&long=72.87' +
        '&carrier=Jio&repairType=Drop%20off&SG=SG123',
    );
  });

  it('leaves out the query without carrier and a product without prefix', () => {
    expect(
      appointmentUrl({
        ...base,
        currentQuery: 'pt=1&lat=19',
        product: { pdmSuperGrpProductId: '123' },
      }),
    ).toBe(appointmentUrl(base));
    expect(appointmentUrl({ ...base, casSupportUrl: '' })).toBe('');
  });

  it('finds the query from carrier', () => {
    expect(queryFromCarrier('carrier=A&x=1')).toBe('carrier=A&x=1');
    expect(queryFromCarrier('?pt=1&carrier=')).toBe('carrier=');
    expect(queryFromCarrier('?pt=1&mycarrier=A')).toBe('');
    expect(queryFromCarrier('')).toBe('');
  });

  it('takes the letter prefix of pdmSuperGrpProductId', () => {
    expect(pdmPrefix('SG123')).toBe('SG');
    expect(pdmPrefix('abc9')).toBe('abc');
    expect(pdmPrefix('123')).toBe('');
    expect(pdmPrefix('SG')).toBe('');
    expect(pdmPrefix(undefined)).toBe('');
  });

  it('picks the chosen service product, else the first with a prefix', () => {
    const s = store({
      serviceProducts: [product('9', 'tv', 0, { pdmSuperGrpProductId: '' }), PHONE, TABLET],
    });
    expect(appointmentProduct(s, '2')).toBe(TABLET);
    expect(appointmentProduct(s, 'all')).toBe(PHONE);
    expect(appointmentProduct(store(), '1')).toBeUndefined();
  });
});

describe('appointment eligibility (PRODUCT.md#appointment-link)', () => {
  const eligible = {
    countryCode: 'in',
    channel: 'service',
    casRedirect: false,
    store: { apptSchedulerIndVal: 'Y', serviceProducts: [PHONE] },
  };

  it('holds in in and cn for service with a scheduler, no casRedirect and service products', () => {
    expect(isAppointmentLinkShown(eligible)).toBe(true);
    expect(isAppointmentLinkShown({ ...eligible, countryCode: 'CN' })).toBe(true);
  });

  it.each([
    ['another country', { countryCode: 'us' }],
    ['sales', { channel: 'sales' }],
    ['casRedirect', { casRedirect: true }],
    ['no scheduler', { store: { apptSchedulerIndVal: '', serviceProducts: [PHONE] } }],
    ['no service products', { store: { apptSchedulerIndVal: 'Y', serviceProducts: [] } }],
  ])('fails with %s', (_name, change) => {
    expect(isAppointmentLinkShown({ ...eligible, ...change })).toBe(false);
  });

  it('reads apptSchedulerIndVal', () => {
    for (const v of ['Y', '1', 'true', 1, true]) expect(isApptSchedulerSet(v)).toBe(true);
    for (const v of ['', ' ', '0', 'false', 'N', 'no', 0, false, null, undefined]) {
      expect(isApptSchedulerSet(v)).toBe(false);
    }
  });
});

describe('share payload (PRODUCT.md#results-page narrow screens)', () => {
  it('shares title, text with name, address, state and phone, and the directions URL', () => {
    expect(sharePayload(shop, 'https://d.example.com')).toEqual({
      title: 'Store One',
      text: 'Store One\n1 Main St, Unit 2, Springfield, 62701\nIL\n+1 555 0100',
      url: 'https://d.example.com',
    });
    const bare = { ...shop, street2: '', phone: undefined as unknown as string, state: '' };
    expect(sharePayload(bare, '').text).toBe('Store One\n1 Main St, Springfield, 62701');
    expect(sharePayload({ ...bare, city: undefined as unknown as string }, '').text).toBe(
      'Store One\n1 Main St, 62701',
    );
  });
});

describe('carrier links (PRODUCT.md#external-links)', () => {
  const carrier = {
    name: 'Jio',
    salesURL: 'jio.example.com/buy',
    serviceURL: 'javascript:alert(1)',
  };
  it('uses salesURL for sales and serviceURL otherwise, made safe', () => {
    expect(carrierLink(carrier, 'sales')).toEqual({
      name: 'Jio',
      url: 'https://jio.example.com/buy',
    });
    expect(carrierLink(carrier, 'service')).toBeUndefined();
  });
});

/** Hostile input: only http(s) and tel: links are made. */
const DANGEROUS = [
  'javascript:alert(1)//',
  ' JavaScript:alert(1)//',
  'java\tscript:alert(1)//',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example.com/?',
  '/relative?',
  'https://user:pass@evil.example.com/?',
  'https://maps.example.com/?q=a b&',
  'maps.example.com/?',
];

describe('only web links from configured bases', () => {
  it('accepts absolute http(s) URLs, outer blanks aside', () => {
    expect(isWebUrl('https://maps.example.com/?')).toBe(true);
    expect(isWebUrl(' http://maps.example.com/maps? ')).toBe(true);
    expect(isWebUrl('HTTPS://cas.example.com/appt?locale=')).toBe(true);
    expect(isWebUrl('')).toBe(false);
    expect(isWebUrl(undefined)).toBe(false);
    expect(isWebUrl(null)).toBe(false);
  });

  it.each(DANGEROUS)('makes no directions or appointment link from %j', (base) => {
    expect(isWebUrl(base)).toBe(false);
    expect(directionsUrl(base, source, shop, 'en')).toBe('');
    expect(
      appointmentUrl({
        casSupportUrl: base,
        locale: 'en_IN',
        storeId: 'S1',
        latitude: 1,
        longitude: 2,
      }),
    ).toBe('');
  });

  it('keeps store values inside the query, encoded', () => {
    const hostile = store({
      street1: '"><svg onload=alert(1)>',
      street2: 'javascript:alert(1)',
      city: '<script>x</script>',
      state: '',
      postalCode: '',
    });
    const url = directionsUrl(GD, source, hostile, 'en');
    expect(url.startsWith(`${GD}saddr=`)).toBe(true);
    expect(url).not.toMatch(/[<>"\s]/);
    expect(decodeURIComponent(url)).toContain('"><svg onload=alert(1)>');
    const appt = appointmentUrl({
      casSupportUrl: 'https://cas.example.com/appt?locale=',
      locale: 'en_IN',
      storeId: '"><img src=x onerror=alert(1)>',
      latitude: 1,
      longitude: 2,
    });
    expect(appt.startsWith('https://cas.example.com/appt?locale=en_IN&storeID=')).toBe(true);
    expect(appt).not.toMatch(/[<>"\s]/);
  });
});

describe('phone links', () => {
  it('dials the digits, with a leading "+"', () => {
    expect(telHref('+44 20 7946 0000')).toBe('tel:+442079460000');
    expect(telHref('  +1 (555) 010-9999 ')).toBe('tel:+15550109999');
    expect(telHref('020 7946 0000')).toBe('tel:02079460000');
    expect(telHref('0044 20+7946')).toBe('tel:0044207946');
    expect(telHref('112')).toBe('tel:112');
  });

  it('makes no link from too few digits or from a non-string', () => {
    expect(telHref('')).toBe('');
    expect(telHref('n/a')).toBe('');
    expect(telHref('javascript:alert(1)')).toBe('');
    expect(telHref('<img src=x onerror=alert(12)>')).toBe('');
    expect(telHref('٠٢٠ ٧٩٤٦')).toBe(''); // only ASCII digits are dialled
    expect(telHref(undefined)).toBe('');
    expect(telHref(null)).toBe('');
    expect(telHref(5550109 as unknown as string)).toBe('');
  });

  it('never makes anything but a tel: link of digits', () => {
    for (const attack of [
      'javascript:alert(document.cookie)//123',
      'data:text/html,<script>alert(123)</script>',
      'vbscript:msgbox(123)',
      'tel:123"><script>alert(1)</script>',
    ]) {
      expect(telHref(attack)).toMatch(/^tel:\+?\d+$/);
    }
  });
});
