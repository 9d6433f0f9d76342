import { describe, expect, it } from 'vitest';
import { formatAddress } from '../src/address-format.js';

describe('formatAddress', () => {
  it('writes the postcode before the town in Germany and France', () => {
    expect(
      formatAddress(
        { street1: 'Münchner Straße 12', city: 'München', state: 'Bayern', postalCode: '81827' },
        'DE',
      ),
    ).toEqual(['Münchner Straße 12', '81827 München']);
    expect(
      formatAddress(
        {
          street1: '12 rue Victor Hugo',
          city: 'Paris',
          state: 'Île-de-France',
          postalCode: '75014',
        },
        'fr',
      ),
    ).toEqual(['12 rue Victor Hugo', '75014 Paris']);
  });

  it('writes town, state and postcode on one line in North America', () => {
    expect(
      formatAddress(
        { street1: '350 5th Ave', city: 'New York', state: 'NY', postalCode: '10118' },
        'US',
      ),
    ).toEqual(['350 5th Ave', 'New York, NY 10118']);
    expect(
      formatAddress(
        {
          street1: '100 Main Street',
          street2: 'Unit 4',
          city: 'Calgary',
          state: 'AB',
          postalCode: 'T2P 1J9',
        },
        'CA',
      ),
    ).toEqual(['100 Main Street', 'Unit 4', 'Calgary, AB T2P 1J9']);
  });

  it('leaves out the nation of a British address and a state that repeats the city', () => {
    expect(
      formatAddress(
        { street1: '53 Oak Way', city: 'London', state: 'England', postalCode: 'E5 5BN' },
        'GB',
      ),
    ).toEqual(['53 Oak Way', 'London', 'E5 5BN']);
    expect(
      formatAddress({ street1: '1 Sheikh Zayed Rd', city: 'Dubai', state: 'Dubai' }, 'AE'),
    ).toEqual(['1 Sheikh Zayed Rd', 'Dubai']);
  });

  it('writes a Japanese address from the prefecture down, after its postal mark', () => {
    expect(
      formatAddress(
        { street1: '千代田1-1', city: '千代田区', state: '東京都', postalCode: '100-0001' },
        'JP',
      ),
    ).toEqual(['〒100-0001', '東京都千代田区千代田1-1']);
  });

  it('puts the unit first when there is no street, and skips blank parts', () => {
    expect(formatAddress({ street2: 'Stand 4', city: 'Lyon', postalCode: '69002' }, 'FR')).toEqual([
      'Stand 4',
      '69002 Lyon',
    ]);
    expect(formatAddress({}, 'DE')).toEqual([]);
  });
});
