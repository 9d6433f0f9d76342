// @vitest-environment jsdom
/**
 * The pin map (src/console/stores/location/PinMap.tsx) around its MapLibre part, which jsdom
 * cannot draw (a stand-in here that moves the pin as a drag would): the inputs in sync with the
 * position, the place of the position from the maps engine, and the country warning.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PinMap } from '../../../src/console/stores/location/PinMap';
import type { PinMapCanvasProps } from '../../../src/console/stores/location/PinMapCanvas';
import { REVERSE_DELAY_MS } from '../../../src/console/stores/location/useReversePlace';
import { testI18n } from '../i18n';

vi.mock('../../../src/console/stores/location/PinMapCanvas', () => ({
  default: (props: PinMapCanvasProps) => (
    <button
      type="button"
      aria-label={props.labels.pin}
      onClick={() => props.onMove({ lat: 48.8566, lon: 2.3522 })}
    >
      drag
    </button>
  ),
}));

const places: Record<string, { name: string; country: string } | undefined> = {
  '51.5142,-0.142': { name: 'London, England, United Kingdom', country: 'GB' },
  '48.8566,2.3522': { name: 'Paris, France', country: 'FR' },
};
const asked: string[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  asked.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    expect(url.pathname).toBe('/api/v1/maps/reverse');
    const key = `${url.searchParams.get('lat')},${url.searchParams.get('lon')}`;
    asked.push(key);
    const place = places[key];
    const results = place
      ? [
          {
            displayLines: [place.name, ''],
            coordinate: { latitude: 0, longitude: 0 },
            formattedAddress: place.name,
            countryCode: place.country,
          },
        ]
      : [];
    return new Response(JSON.stringify({ results }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPinMap(initial: { lat: number | null; lon: number | null }, country = 'GB') {
  const moves: { lat: number; lon: number }[] = [];
  function Parent() {
    const [position, setPosition] = useState(initial);
    return (
      <PinMap
        lat={position.lat}
        lon={position.lon}
        country={country}
        onMove={(p) => {
          moves.push(p);
          setPosition(p);
        }}
      />
    );
  }
  render(
    <I18nextProvider i18n={testI18n()}>
      <Parent />
    </I18nextProvider>,
  );
  return moves;
}

/** The pin has rested: its place is looked up and answered. */
async function lookUp() {
  await act(async () => {
    vi.advanceTimersByTime(REVERSE_DELAY_MS);
  });
  await act(async () => {});
}

/**
 * Typed into an input (fireEvent: user-event waits on timers, which are fake here so that the
 * lookup's delay is passed at will).
 */
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('pin map', () => {
  it('shows the position in the inputs and the place the maps engine finds there', async () => {
    renderPinMap({ lat: 51.5142, lon: -0.142 });
    expect(screen.getByLabelText('Latitude')).toHaveProperty('value', '51.5142');
    expect(screen.getByLabelText('Longitude')).toHaveProperty('value', '-0.142');
    expect(screen.getByText('Looking up the place…')).toBeTruthy();
    await lookUp();
    expect(screen.getByText('Place: London, England, United Kingdom')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('follows a move of the pin in the inputs, and warns when it leaves the country', async () => {
    const moves = renderPinMap({ lat: 51.5142, lon: -0.142 });
    await lookUp();
    fireEvent.click(screen.getByRole('button', { name: /^Store position 51.5142, -0.142\./ }));
    expect(moves).toEqual([{ lat: 48.8566, lon: 2.3522 }]);
    expect(screen.getByLabelText('Latitude')).toHaveProperty('value', '48.8566');
    expect(screen.getByLabelText('Longitude')).toHaveProperty('value', '2.3522');
    await lookUp();
    expect(screen.getByRole('status').textContent).toBe(
      "This position is in France, not in United Kingdom. Saving will be refused until the pin is in the store's country.",
    );
  });

  it('moves the pin as the inputs are typed in, and names a coordinate out of range', async () => {
    const moves = renderPinMap({ lat: 51.5142, lon: -0.142 });
    const latitude = screen.getByLabelText('Latitude');
    type(latitude, '95');
    expect(latitude.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a latitude from -90 to 90, like 51.5142.')).toBeTruthy();
    type(latitude, '51.6');
    expect(moves[moves.length - 1]).toEqual({ lat: 51.6, lon: -0.142 });
    expect(latitude.getAttribute('aria-invalid')).toBeNull();
    // Only the position the pin rests at is looked up.
    await lookUp();
    expect(asked).toEqual(['51.6,-0.142']);
  });

  it('says there is no position yet, and warns of a position where no place is known', async () => {
    renderPinMap({ lat: null, lon: null });
    expect(
      screen.getByText('No position yet: click the map or enter the latitude and longitude.'),
    ).toBeTruthy();
    type(screen.getByLabelText('Latitude'), '50');
    type(screen.getByLabelText('Longitude'), '-30');
    await lookUp();
    expect(screen.getByText('No place is known at this position.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(
      /^This position is not in United Kingdom/,
    );
  });
});
