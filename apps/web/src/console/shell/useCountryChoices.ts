/**
 * Countries and regions as choices of a filter: the given codes and the one selected (an
 * address may name a country the list does not have), named in the console's language (the
 * code where the language has no name for it) and sorted by name.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectChoice } from './SelectField';

export function useCountryChoices(codes: readonly string[], selected: string): SelectChoice[] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const name = (code: string) => {
      try {
        return names.of(code) ?? code;
      } catch {
        return code;
      }
    };
    const list = new Set(codes);
    if (selected) list.add(selected);
    return [...list]
      .map((code) => ({ value: code, label: name(code) }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
  }, [codes, selected, language]);
}
