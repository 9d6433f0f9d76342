/**
 * What `bench:web` aims at for Search → first store painted on /uk/en/sales, in one place: the
 * report carries this object and judges every run against it (the command exits 1 when an aim
 * is missed). The medians of the runs at each width, in milliseconds.
 */
export const SEARCH_AIMS_MS = {
  /** 1440 × 900: the median at most this. */
  '1440': 60,
  /** 390 × 844: the median at most this. */
  '390': 80,
} as const;

export type SearchWidth = keyof typeof SEARCH_AIMS_MS;

/** One width's judged figure. */
export interface SearchCheck {
  name: string;
  value: number;
  limit: string;
  passed: boolean;
}

/** Each width's median against its aim (a width not measured is a miss). */
export function searchChecks(medians: Partial<Record<string, number>>): SearchCheck[] {
  return (Object.entries(SEARCH_AIMS_MS) as [SearchWidth, number][]).map(([width, aim]) => {
    const value = medians[width];
    return {
      name: `search to first store painted @${width}px median ms`,
      value: value ?? NaN,
      limit: `≤ ${aim}`,
      passed: value !== undefined && value <= aim,
    };
  });
}
