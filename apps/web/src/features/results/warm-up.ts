/**
 * What the first results of a page need from `Intl` that costs most the first time it is used
 * in a page, made while the visitor fills the form (an idle moment after the page is shown):
 * the time-zone data (reading the first zone, as the search answer's check and the opening
 * hours do, costs ~20 ms in Chromium, any zone after it ~0.1 ms), the locale's clock and
 * weekday formats, the list format of the stores' facts, and the search answer's compiled
 * check. Everything made is cached where it is used, so a search after it finds it made;
 * nothing is shown.
 */
import { formatClock, formatWeekday, languageTag, localTimeAt } from '@locator/core';
import { checkSearchResponse } from './api/searchStores';
import { factListFormat } from './components/StoreParts';

type IdleWindow = Window & {
  requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

function warm(locale: string): void {
  localTimeAt(Date.now(), 'UTC');
  formatClock(0, locale);
  formatWeekday(0, locale, 'short');
  factListFormat(languageTag(locale)).format(['a', 'b']);
  // The search answer's check is compiled at its first use (~1 ms): made here instead.
  checkSearchResponse(undefined);
}

/** Schedules the warm-up at the next idle moment; returns its cancellation. */
export function warmUpResults(locale: string): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(() => warm(locale), { timeout: 2000 });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = window.setTimeout(() => warm(locale), 200);
  return () => window.clearTimeout(id);
}
