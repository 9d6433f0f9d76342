import { useTranslation } from 'react-i18next';
import type { ResultsShown } from '../request';

/**
 * Narrow screens: the results as a list or on the map, two toggle buttons in a named group.
 * The choice is in the URL (`show=map`), each change a history entry.
 */
export function ResultsShownSwitch({
  shown,
  onShow,
}: {
  shown: ResultsShown;
  onShow(next: ResultsShown): void;
}) {
  const { t } = useTranslation('result');
  const option = (value: ResultsShown, text: string) => (
    <button
      type="button"
      className="results__shown-option"
      aria-pressed={shown === value}
      data-shown={value}
      onClick={() => {
        if (shown !== value) onShow(value);
      }}
    >
      {text}
    </button>
  );
  return (
    <div
      className="results__shown"
      role="group"
      aria-label={t('list.shownAs')}
      data-testid="results-shown"
    >
      {option('list', t('list.showList'))}
      {option('map', t('list.showMap'))}
    </div>
  );
}
