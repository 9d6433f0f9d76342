/** Fit and re-centre timing (PRODUCT.md#page-states, #store-selection, #paging-and-timing) of useDelayedOnChange, with fake timers. */
// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useDelayedOnChange } from '../../src/components/map/hooks';
import { FIT_DELAY_MS, RECENTRE_DELAY_MS } from '../../src/components/map/types';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDelayedOnChange', () => {
  it('does nothing on the first render', () => {
    const action = vi.fn();
    renderHook(() => useDelayedOnChange('k1', FIT_DELAY_MS, action));
    vi.advanceTimersByTime(5000);
    expect(action).not.toHaveBeenCalled();
  });

  it('fits 1 s after new results, not before', () => {
    const action = vi.fn();
    const { rerender } = renderHook(({ k }) => useDelayedOnChange(k, FIT_DELAY_MS, action), {
      initialProps: { k: 'k1' },
    });
    rerender({ k: 'k2' });
    vi.advanceTimersByTime(999);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledWith('k2');
  });

  it('re-centres 300 ms after a selection; a newer selection cancels the pending one', () => {
    const action = vi.fn();
    const { rerender } = renderHook(
      ({ id }: { id: string | null }) => useDelayedOnChange(id, RECENTRE_DELAY_MS, action),
      { initialProps: { id: null as string | null } },
    );
    rerender({ id: 'a' });
    vi.advanceTimersByTime(200);
    rerender({ id: 'b' });
    vi.advanceTimersByTime(300);
    expect(action.mock.calls).toEqual([['b']]);
    rerender({ id: null });
    vi.advanceTimersByTime(1000);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('unmounting cancels a pending run; the latest action is used', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(
      ({ k, f }) => useDelayedOnChange(k, RECENTRE_DELAY_MS, f),
      { initialProps: { k: 1, f: first } },
    );
    rerender({ k: 2, f: second });
    vi.advanceTimersByTime(300);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(2);
    rerender({ k: 3, f: second });
    unmount();
    vi.advanceTimersByTime(300);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
