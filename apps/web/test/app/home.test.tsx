// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HomePage } from '../../src/features/home/HomePage';
import { ChooserPage } from '../../src/features/chooser/ChooserPage';
import { ConfigStore } from '../../src/lib/config/global-config';
import { config, jsonFetch, renderApp } from './helpers';

afterEach(cleanup);

const boot = { locale: 'en-GB', brand: 'Lumen' };

describe('HomePage (PRODUCT.md#home-page)', () => {
  it('shows "Loading home page" while the configuration loads', () => {
    renderApp(<HomePage boot={boot} />, { url: '/uk/en/' });
    expect(screen.getByRole('status').textContent).toBe('Loading home page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Find a Location');
  });

  it('shows the cards in order with alternating images and their links', () => {
    const store = new ConfigStore();
    store.preload('en-GB', {
      response: [
        config({
          channels: {
            ...config().channels,
            training: { ...config().channels.consulting!, channelId: 'training' },
          },
        }),
      ],
    });
    renderApp(<HomePage boot={boot} />, { url: '/uk/en/', store });
    const list = screen.getByRole('list', { name: 'What do you need?' });
    const titles = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Buy', 'Repair and service', 'Consulting', 'Training']);
    const sides = within(list)
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('data-image-side'));
    expect(sides).toEqual(['right', 'left', 'right', 'left']);
    expect(screen.getByRole('link', { name: /Find where to buy/ }).getAttribute('href')).toBe(
      '/uk/en/sales',
    );
    expect(screen.getByText(/Find an authorized reseller or Lumen Store near you/)).toBeTruthy();
    const img = list.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/images/channels/sales.jpg');
    expect(img?.getAttribute('alt')).toBe('');
  });

  it('shows the error state when the configuration fails, and retries', async () => {
    const fetch = jsonFetch({ error: 'boom' }, 503);
    const store = new ConfigStore(fetch);
    renderApp(<HomePage boot={boot} />, { url: '/uk/en/', store });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetch.calls).toHaveLength(2));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

describe('ChooserPage (PRODUCT.md#country-and-region-chooser)', () => {
  it('has one heading per region and marks right-to-left entries', () => {
    renderApp(<ChooserPage locale="en-GB" />, { url: '/choose-country-region' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Choose Your Country or Region',
    );
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(5);
    const arabic = screen.getByRole('link', { name: 'الإمارات العربية المتحدة' });
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(arabic.getAttribute('href')).toBe('/ae/ar/');
    expect(screen.getByRole('link', { name: 'United Kingdom' }).getAttribute('aria-current')).toBe(
      'true',
    );
  });
});
