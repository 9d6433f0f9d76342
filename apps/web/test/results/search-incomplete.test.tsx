// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultsScreen } from '../../src/features/results/ResultsScreen';
import { loadedConfig } from './fixtures';
import { fakeMaps, mockMatchMedia, renderWith } from './render';

const boot = { locale: 'en-GB', brand: 'Lumen' };

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ results: [] }), { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const locationInput = () => screen.getByRole('combobox', { name: 'Location' });

async function placeChosen(user: ReturnType<typeof userEvent.setup>) {
  await user.type(locationInput(), 'Lon');
  await screen.findByRole('option', { name: /Lon Town/ });
  await user.keyboard('{ArrowDown}{Enter}');
}

describe(
  'search form: Enter with a place but no product says what is missing',
  { timeout: 20_000 },
  () => {
    it('wide: the product tiles get the error, aria-invalid and focus; nothing is searched', async () => {
      mockMatchMedia(false);
      const user = userEvent.setup();
      renderWith(<ResultsScreen boot={boot} channelKey="sales" config={loadedConfig()} />, {
        maps: fakeMaps(),
      });
      await placeChosen(user);
      expect(screen.queryByText('Choose a product.')).toBeNull();
      await user.keyboard('{Enter}');

      const error = await screen.findByText('Choose a product.');
      const group = screen.getByRole('group', { name: 'Product' });
      const errorId = error.closest('p')?.id;
      expect(errorId).toBeTruthy();
      expect(group.getAttribute('aria-describedby')).toBe(errorId);
      const radios = screen.getAllByRole('radio');
      for (const radio of radios) expect(radio.getAttribute('aria-describedby')).toBe(errorId);
      expect(document.activeElement).toBe(radios[0]);
      expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('search'))).toBe(
        false,
      );

      // Choosing a product clears the error and Search works.
      await user.click(screen.getByRole('radio', { name: 'Computer' }));
      expect(screen.queryByText('Choose a product.')).toBeNull();
      expect(screen.getByRole('button', { name: 'Search' })).toHaveProperty('disabled', false);
    });

    it('narrow: the product dropdown gets the error, aria-invalid, aria-describedby and focus', async () => {
      mockMatchMedia(true);
      const user = userEvent.setup();
      renderWith(<ResultsScreen boot={boot} channelKey="sales" config={loadedConfig()} />, {
        maps: fakeMaps(),
      });
      await placeChosen(user);
      await user.keyboard('{Enter}');

      const error = await screen.findByText('Choose a product.');
      const select = screen.getByRole('combobox', { name: 'Product' });
      expect(select.getAttribute('aria-invalid')).toBe('true');
      expect(select.getAttribute('aria-describedby')).toBe(error.closest('p')?.id);
      expect(document.activeElement).toBe(select);
    });

    it('Enter on an empty form names the place first and focuses the location field', async () => {
      mockMatchMedia(false);
      const user = userEvent.setup();
      renderWith(<ResultsScreen boot={boot} channelKey="sales" config={loadedConfig()} />, {
        maps: fakeMaps(),
      });
      await user.click(locationInput());
      await user.keyboard('{Enter}');
      expect(await screen.findByText('Choose a product.')).toBeTruthy();
      expect(locationInput().getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(locationInput());
    });
  },
);
