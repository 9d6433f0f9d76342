/** The dashboard's number, share and day formats in the console's language. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Formats, Phrase } from './demand-summary';

export function useFormats(): Formats & { words: (phrases: readonly Phrase[]) => string } {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const number = new Intl.NumberFormat(i18n.language);
    const percent = new Intl.NumberFormat(i18n.language, {
      style: 'percent',
      maximumFractionDigits: 1,
    });
    const day = new Intl.DateTimeFormat(i18n.language, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return {
      count: (c) =>
        typeof c === 'number'
          ? number.format(c)
          : t('demand.fewerThan', { count: c.fewerThan, n: number.format(c.fewerThan) }),
      percent: (share) => percent.format(share),
      day: (iso) => day.format(new Date(`${iso}T00:00:00Z`)),
      words: (phrases) => phrases.map((p) => t(p.key, p.values)).join(' '),
    };
  }, [t, i18n.language]);
}
