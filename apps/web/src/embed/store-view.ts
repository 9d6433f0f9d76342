/**
 * A store's summary as both elements show it: name, distance, opening status (the web app's
 * hours rules of packages/core) and address lines.
 */
import {
  addressLines,
  formatClock,
  formatWeekday,
  hoursLine,
  type HoursLine,
  type Store,
} from '@locator/core';
import { h } from './dom';
import type { Texts } from './texts';

export function hoursText(line: HoursLine, texts: Texts): string {
  const time = line.minute === undefined ? '' : formatClock(line.minute, texts.locale);
  switch (line.key) {
    case 'opensIn':
      return texts.t('hours.opensIn', { minutes: line.minutes ?? 0 });
    case 'closedOpens':
      return line.weekday === undefined
        ? texts.t('hours.closedOpens', { time })
        : texts.t('hours.closedOpensDay', {
            time,
            day: formatWeekday(line.weekday, texts.locale, 'short'),
          });
    default:
      return texts.t(`hours.${line.key}`, { time });
  }
}

function tone(line: HoursLine): string {
  if (line.key === 'closesSoon' || line.key === 'opensIn') return 'soon';
  return line.open ? 'open' : 'closed';
}

/** The status line of a store's hours now, or null when it has none. */
export function hoursStatus(store: Store, texts: Texts, now: number): HTMLElement | null {
  if (!store.hours) return null;
  const line = hoursLine(store.hours, now);
  return h(
    'span',
    { class: `status status--${tone(line)}`, part: 'status' },
    hoursText(line, texts),
  );
}

export function storeAddress(store: Store): HTMLElement {
  const lines = addressLines(store);
  const el = h('address', { part: 'address' });
  lines.forEach((line, i) => {
    if (i > 0) el.append(h('br'));
    el.append(line);
  });
  return el;
}

export function storeDistance(store: Store, texts: Texts): HTMLElement | null {
  if (store.distance === '') return null;
  return h(
    'span',
    { class: 'distance', part: 'distance' },
    texts.t('store.distance', { distance: store.distance }),
  );
}
