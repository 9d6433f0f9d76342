/** The attribution is visible text, a named list, with the four credits by default. */
// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MapAttribution } from '../../src/components/map/MapAttribution';

afterEach(cleanup);

describe('MapAttribution', () => {
  it('lists OpenStreetMap, Natural Earth, GeoNames (CC BY 4.0) and MapLibre as links', () => {
    render(<MapAttribution />);
    const list = screen.getByRole('list', { name: 'Map data' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      '© OpenStreetMap contributors (ODbL)',
      '© Natural Earth',
      'GeoNames (CC BY 4.0)',
      'MapLibre',
    ]);
    expect(links[1]).toHaveProperty('rel', 'noopener noreferrer');
  });

  it('shows given items and a translated name; plain text without a link', () => {
    render(<MapAttribution label="Kartendaten" items={[{ text: '© Vendor', href: '' }]} />);
    const list = screen.getByRole('list', { name: 'Kartendaten' });
    expect(list.textContent).toBe('© Vendor');
    expect(within(list).queryByRole('link')).toBeNull();
  });
});
