import { useTranslation } from 'react-i18next';
import type { BadgeLegend as Legend } from '@locator/core';

/** A badge's mark: a small rounded square with the code's initial. */
export function BadgeMark({ code }: { code: string }) {
  return (
    <span className={`badge-mark badge-mark--${code}`} aria-hidden="true">
      {code.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** The badge legend strip (spec 2.5 item 10): up to 3 badges whose desc is "y". */
export function BadgeLegend({ legend, brand }: { legend: Legend | undefined; brand: string }) {
  const { t } = useTranslation('result');
  if (!legend) return null;
  return (
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
