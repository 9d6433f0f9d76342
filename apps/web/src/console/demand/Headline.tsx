/**
 * The headline figures of the period and their change against the previous period: searches,
 * searches that found no store nearby (none, or only beyond the radius, with how many of them
 * were answered beyond it), the share that found one within the radius, clicks per search.
 */
import { useTranslation } from 'react-i18next';
import type { DemandAnswer } from '@locator/core/console-demand';
import { changeOf, changePhrase, numberOf } from './demand-summary';
import { useFormats } from './useFormats';

export function Headline({ answer }: { answer: DemandAnswer }) {
  const { t, i18n } = useTranslation();
  const f = useFormats();
  const { headline, period } = answer;
  const decimal = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const items = [
    {
      key: 'searches',
      value: f.count(headline.searches.current),
      change: changeOf(numberOf(headline.searches.current), numberOf(headline.searches.previous)),
      note: undefined,
    },
    {
      key: 'unmet',
      value: f.count(headline.unmet.current),
      change: changeOf(numberOf(headline.unmet.current), numberOf(headline.unmet.previous)),
      note: t('demand.headline.beyondRadius', { count: f.count(headline.beyondRadius.current) }),
    },
    {
      key: 'shareFound',
      value:
        headline.shareFound.current === null
          ? t('demand.notKnown')
          : f.percent(headline.shareFound.current),
      change: changeOf(headline.shareFound.current, headline.shareFound.previous),
      note: undefined,
    },
    {
      key: 'clicksPerSearch',
      value:
        headline.clicksPerSearch.current === null
          ? t('demand.notKnown')
          : decimal.format(headline.clicksPerSearch.current),
      change: changeOf(headline.clicksPerSearch.current, headline.clicksPerSearch.previous),
      note: undefined,
    },
  ];
  const previous = t('demand.headline.previous', {
    from: f.day(period.previous.from),
    to: f.day(period.previous.to),
  });
  return (
    <section className="console-demand-headline" aria-labelledby="demand-headline-title">
      <h2 id="demand-headline-title" className="visually-hidden">
        {t('demand.headline.title')}
      </h2>
      <dl>
        {items.map((item) => {
          const phrase = changePhrase(item.change, f);
          const direction =
            item.change === undefined ? '' : item.change > 0 ? 'up' : item.change < 0 ? 'down' : '';
          return (
            <div key={item.key} className="console-demand-headline__item">
              <dt>{t(`demand.headline.${item.key}`)}</dt>
              <dd className="console-demand-headline__value">{item.value}</dd>
              {item.note === undefined ? null : (
                <dd className="console-demand-headline__note">{item.note}</dd>
              )}
              <dd className={`console-demand-headline__change ${direction}`}>
                {t(phrase.key, phrase.values)}
                <span className="console-demand-headline__previous"> {previous}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
