/**
 * Reads the demand figures of the filters (GET /api/v1/admin/demand); newer filters' request
 * replaces an older one's. While figures load, the last ones read stay (`previous`). A failure
 * keeps the server's message. The answer is read as the contract says, funnel steps included
 * that this console does not know yet (they are shown with their key).
 */
import { useEffect, useState } from 'react';
import type { DemandAnswer } from '@locator/core/console-demand';
import { CONSOLE_API, type ConsoleClient } from '../api/client';
import { ConsoleApiError } from '../api/errors';
import { apiQueryOfFilters, type DemandFilters } from './demand-url';

export interface DemandFailure {
  status?: number | undefined;
  code?: string | undefined;
  message?: string | undefined;
}

export type DemandState =
  | { kind: 'loading'; previous?: DemandAnswer | undefined }
  | { kind: 'ready'; answer: DemandAnswer }
  | { kind: 'failed'; failure: DemandFailure; previous?: DemandAnswer | undefined };

type Outcome = { kind: 'ready'; answer: DemandAnswer } | { kind: 'failed'; failure: DemandFailure };

function isAnswer(body: unknown): body is DemandAnswer {
  const b = body as Partial<DemandAnswer> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b.headline === 'object' &&
    Array.isArray(b.series) &&
    Array.isArray(b.funnel) &&
    Array.isArray(b.unmetPlaces?.rows)
  );
}

export function useDemand(
  client: ConsoleClient,
  filters: DemandFilters,
  timeZone: string,
  attempt: number,
): DemandState {
  const query = apiQueryOfFilters(filters, timeZone);
  const key = `${query}#${attempt}`;
  const [outcome, setOutcome] = useState<{ key: string; outcome: Outcome }>();
  const [last, setLast] = useState<DemandAnswer>();
  useEffect(() => {
    let current = true;
    const controller = new AbortController();
    client
      .request(`${CONSOLE_API}/demand?${query}`, { signal: controller.signal })
      .then(async (res) => {
        const body: unknown = await res.json();
        if (!isAnswer(body)) throw new Error('The answer is not demand figures.');
        return body;
      })
      .then(
        (answer) => {
          if (!current) return;
          setLast(answer);
          setOutcome({ key, outcome: { kind: 'ready', answer } });
        },
        (err: unknown) => {
          if (!current) return;
          const failure: DemandFailure =
            err instanceof ConsoleApiError
              ? { status: err.status, code: err.code, message: err.message }
              : {};
          setOutcome({ key, outcome: { kind: 'failed', failure } });
        },
      );
    return () => {
      current = false;
      controller.abort();
    };
  }, [client, query, key]);
  if (outcome?.key !== key) return { kind: 'loading', previous: last };
  if (outcome.outcome.kind === 'failed') {
    return { kind: 'failed', failure: outcome.outcome.failure, previous: last };
  }
  return { kind: 'ready', answer: outcome.outcome.answer };
}

/** The configured countries (the store table's choices), for the country filter. */
export function useConfiguredCountries(client: ConsoleClient): readonly string[] {
  const [countries, setCountries] = useState<readonly string[]>([]);
  useEffect(() => {
    let current = true;
    client
      .request(`${CONSOLE_API}/store-search?limit=1`)
      .then((res) => res.json() as Promise<{ choices?: { countries?: string[] } }>)
      .then(
        (body) => {
          if (current) setCountries(body.choices?.countries ?? []);
        },
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [client]);
  return countries;
}
