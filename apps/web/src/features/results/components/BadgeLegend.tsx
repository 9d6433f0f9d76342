import { useTranslation } from 'react-i18next';
import type { BadgeLegend as Legend } from '@locator/core';

/** A badge's mark: a small seal in the badge's colour. */
export function BadgeMark({ code }: { code: string }) {
  return (
    <svg
      className={`badge-mark badge-mark--${code}`}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M8 1l1.8 1.3 2.2-.1.7 2.1 1.8 1.3-.7 2.1.7 2.1-1.8 1.3-.7 2.1-2.2-.1L8 15l-1.8-1.3-2.2.1-.7-2.1-1.8-1.3.7-2.1-.7-2.1 1.8-1.3.7-2.1 2.2.1z"
        fill="currentColor"
      />
      <path d="M5.5 8.2l1.7 1.7 3.3-3.6" fill="none" stroke="#fff" strokeWidth="1.5" />
    </svg>
  );
}

/**
 * The badge legend strip (PRODUCT.md#results-page): up to 3 badges whose desc is "y", after a visible
 * caption ("Store types:", its colon as the language writes it: "Types de magasin :", "店舗タイプ：") and in small secondary text, so that it reads as a key to the marks
 * and not as filter chips.
 */
export function BadgeLegend({ legend, brand }: { legend: Legend | undefined; brand: string }) {
  const { t } = useTranslation('result');
  if (!legend) return null;
  return (
    <div className="badge-legend-strip">
      <span className="badge-legend__caption">
        {t('badges.legendCaption', { label: t('badges.legendLabel') })}
      </span>
      <ul
        className={`badge-legend badge-legend--${legend.layout}`}
        aria-label={t('badges.legendLabel')}
        data-testid="badge-legend"
      >
        {legend.badges.map((b) => (
          <li key={b.code}>
            <BadgeMark code={b.code} />
            {t(`badges.${b.code}.name`, { brand, defaultValue: b.code })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The badge info block: translated store-type name and description per badge code. */
export function BadgeInfo({ legend, brand }: { legend: Legend | undefined; brand: string }) {
  const { t } = useTranslation('result');
  if (!legend) return null;
  return (
    <section className="badge-info" aria-labelledby="badge-info-heading">
      <h2 id="badge-info-heading" className="badge-info__heading">
        {t('badges.legendLabel')}
      </h2>
      <dl>
        {legend.badges.map((b) => (
          <div key={b.code} className="badge-info__item">
            <dt>
              <BadgeMark code={b.code} />
              {t(`badges.${b.code}.name`, { brand, defaultValue: b.code })}
            </dt>
            <dd>{t(`badges.${b.code}.description`, { brand, defaultValue: '' })}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
