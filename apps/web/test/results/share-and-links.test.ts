import { describe, expect, it, vi } from 'vitest';
import { shareStore } from '../../src/lib/share';
import {
  APPLE_MAPS_DIRECTIONS,
  isApplePlatform,
  platformDirectionsUrl,
} from '../../src/features/results/store-links';

const payload = {
  title: 'Store 1',
  text: 'Store 1\nEngland',
  url: 'https://maps.example.com/?saddr=a',
};

describe('shareStore (PRODUCT.md#results-page narrow screens, #errors)', () => {
  it('uses the Web Share API', async () => {
    const share = vi.fn(async () => undefined);
    expect(await shareStore(payload, { share })).toBe('shared');
    expect(share).toHaveBeenCalledWith(payload);
  });

  it('closing the share sheet is not a failure; other errors are logged only', async () => {
    const log = vi.fn();
    const abort = vi.fn(async () => Promise.reject(new DOMException('closed', 'AbortError')));
    expect(await shareStore(payload, { share: abort }, log)).toBe('cancelled');
    expect(log).not.toHaveBeenCalled();
    const error = new DOMException('no target', 'DataError');
    const fail = vi.fn(async () => Promise.reject(error));
    expect(await shareStore(payload, { share: fail }, log)).toBe('failed');
    expect(log).toHaveBeenCalledWith('Share failed', error);
  });

  it('copies the link where the API is missing or cannot share the data', async () => {
    const writeText = vi.fn(async () => undefined);
    expect(await shareStore(payload, { clipboard: { writeText } })).toBe('copied');
    expect(
      await shareStore(payload, {
        share: vi.fn(),
        canShare: () => false,
        clipboard: { writeText },
      }),
    ).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(payload.url);
    const log = vi.fn();
    const denied = { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) };
    expect(await shareStore(payload, { clipboard: denied }, log)).toBe('failed');
    expect(log).toHaveBeenCalledWith('Copying the link failed', expect.any(Error));
    expect(await shareStore(payload, {}, log)).toBe('failed');
  });
});

describe('directions on the visitor platform (PRODUCT.md#external-links)', () => {
  const google = 'https://maps.google.com/maps?saddr=London&daddr=1%20High%20St,London&hl=en';

  it('Apple devices: the same query on maps.apple.com; elsewhere unchanged', () => {
    expect(platformDirectionsUrl(google, true)).toBe(
      `${APPLE_MAPS_DIRECTIONS}saddr=London&daddr=1%20High%20St,London&hl=en`,
    );
    expect(platformDirectionsUrl(google, false)).toBe(google);
    expect(platformDirectionsUrl('', true)).toBe('');
    expect(platformDirectionsUrl('https://maps.example.com/', true)).toBe(
      'https://maps.example.com/',
    );
  });

  it('tells Apple platforms from the user agent or its client hints', () => {
    const ua = (userAgent: string, platform?: string) =>
      ({ userAgent, ...(platform ? { userAgentData: { platform } } : {}) }) as Navigator;
    expect(isApplePlatform(ua('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)'))).toBe(
      true,
    );
    expect(isApplePlatform(ua('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)'))).toBe(true);
    expect(isApplePlatform(ua('Mozilla/5.0 (Linux; Android 15)', 'Android'))).toBe(false);
    expect(isApplePlatform(ua('Mozilla/5.0 (X11; Linux x86_64)', 'macOS'))).toBe(true);
    expect(isApplePlatform(ua('Mozilla/5.0 (Windows NT 10.0; Win64; x64)'))).toBe(false);
    expect(isApplePlatform({ userAgent: '' })).toBe(false);
  });
});
