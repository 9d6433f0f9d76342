/** Timing hooks of the store map (PRODUCT.md#page-states, #store-selection, #paging-and-timing), independent of MapLibre. */
import { useEffect, useRef } from 'react';

/**
 * Runs `action(value)` `delayMs` after `value` changes (not on the first render); a newer change
 * cancels a pending run, and so does unmounting. `null`/`undefined` values are skipped.
 */
export function useDelayedOnChange<T>(
  value: T | null | undefined,
  delayMs: number,
  action: (value: T) => void,
): void {
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    if (value === null || value === undefined) return undefined;
    const timer = setTimeout(() => latest.current(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
}

/** true when the visitor asked for reduced motion: camera moves jump instead of easing. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}
