/**
 * Reads a page of the store table for a view; a newer view's request replaces an older one's
 * (the older answer is dropped), so fast typing never shows a stale page. While a page loads,
 * the last page read stays (`previous`).
 */
import { useEffect, useState } from 'react';
import { storeTableSchema, type StoreTableAnswer } from '@locator/core/console-stores';
import { CONSOLE_API, type ConsoleClient } from '../api/client';
import { ConsoleApiError } from '../api/errors';
import { apiQueryOfView, type TableView } from './table-url';

export type TableState =
  | { kind: 'loading'; previous?: StoreTableAnswer | undefined }
  | { kind: 'ready'; answer: StoreTableAnswer }
  | { kind: 'failed'; status?: number | undefined; previous?: StoreTableAnswer | undefined };

type Outcome = { kind: 'ready' } | { kind: 'failed'; status?: number | undefined };

export function useStoreTable(client: ConsoleClient, view: TableView, attempt: number): TableState {
  const query = apiQueryOfView(view);
  const key = `${query}#${attempt}`;
  const [outcome, setOutcome] = useState<{ key: string; outcome: Outcome }>();
  const [last, setLast] = useState<StoreTableAnswer>();
  useEffect(() => {
    let current = true;
    const controller = new AbortController();
    client
      .request(`${CONSOLE_API}/store-search?${query}`, { signal: controller.signal })
      .then(async (res) => storeTableSchema.parse(await res.json()))
      .then(
        (answer) => {
          if (!current) return;
          setLast(answer);
          setOutcome({ key, outcome: { kind: 'ready' } });
        },
        (err: unknown) => {
          if (!current) return;
          const status = err instanceof ConsoleApiError ? err.status : undefined;
          setOutcome({ key, outcome: { kind: 'failed', status } });
        },
      );
    return () => {
      current = false;
      controller.abort();
    };
  }, [client, query, key]);
  if (outcome?.key !== key) return { kind: 'loading', previous: last };
  if (outcome.outcome.kind === 'failed') {
    return { kind: 'failed', status: outcome.outcome.status, previous: last };
  }
  return last ? { kind: 'ready', answer: last } : { kind: 'loading' };
}
