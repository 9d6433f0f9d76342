/**
 * The time to judge opening hours by, kept current while the page stays open: one shared timer
 * ticks at each whole minute (and when the page becomes visible again, as hidden pages' timers
 * are slowed), so every status line and the "Open now" filter move together.
 */
import { useSyncExternalStore } from 'react';

const MINUTE = 60_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

const current = (): number => Math.floor(Date.now() / MINUTE) * MINUTE;
const notify = () => listeners.forEach((l) => l());

function schedule() {
  timer = setTimeout(
    () => {
      notify();
      schedule();
    },
    MINUTE - (Date.now() % MINUTE) + 20,
  );
}

function onVisible() {
  if (document.visibilityState === 'visible') notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    schedule();
    document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}

/** The current time, floored to the minute; re-renders at each new minute. */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, current, current);
}
