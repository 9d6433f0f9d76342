import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A status text that clears itself after `ms` (PRODUCT.md#paging-and-timing: pagination and reset-filter
 * announcements 4 s, suggestion status 5 s). Setting the same text again re-announces it.
 */
export function useTimedMessage(ms: number): [string, (text: string) => void] {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const announce = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      if (text !== '') timer.current = setTimeout(() => setMessage(''), ms);
    },
    [ms],
  );
  return [message, announce];
}
