import { describe, expect, it } from 'vitest';
import { pageTitle } from '../src/page-title.js';

describe('page title (PRODUCT.md#results-page)', () => {
  it('joins channel results title, local nav title and brand', () => {
    expect(pageTitle('Find a repair', 'Support', 'Brand')).toBe('Find a repair - Support - Brand');
    expect(pageTitle('Where to buy', ' ', 'Brand')).toBe('Where to buy - Brand');
  });
});
