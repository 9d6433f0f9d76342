import { useTranslation } from 'react-i18next';
import {
  RETAIL_STORE_TYPE,
  appointmentProduct,
  appointmentUrl,
  carrierLink,
  directionsUrl,
  isAppointmentLinkShown,
  localeToUnderscore,
  type Carrier,
  type SearchRequest,
  type Store,
} from '@locator/core';
import type { ResultsContext } from '../context';
import type { TravelTimes } from '../hooks/useTravelTimes';
import { BadgeMark } from './BadgeLegend';
import { ExternalLink } from './ExternalLink';
import { TravelTime } from './TravelTime';

export interface StoreLinks {
  ctx: ResultsContext;
  request: SearchRequest;
  /** The results page's query string, for the appointment link. */
  currentQuery: string;
  /** The chosen carrier's configuration, when one was chosen. */
  carrier: Carrier | undefined;
  /** Travel times of the shown stores; undefined where travel time is hidden (cn/zh). */
  travel: TravelTimes | undefined;
  onLinkClick(link: string, store: Store, url: string): void;
}

/** One store of the list (spec 2.5 item 9, 11). */
export function StoreEntry({ store, links }: { store: Store; links: StoreLinks }) {
  const { t } = useTranslation('result');
  const { ctx, request } = links;
  const headingId = `store-${store.id}-title`;
  const retail = store.storeTypes.includes(RETAIL_STORE_TYPE);
  const directions = directionsUrl(
    ctx.config.country.getDirection ?? '',
    {
      latitude: request.latitude,
      longitude: request.longitude,
      formattedAddress: request.formattedAddress,
    },
    store,
    ctx.lang,
  );
  const carrier = links.carrier ? carrierLink(links.carrier, ctx.channelKey) : undefined;
  const appointment = isAppointmentLinkShown({
    countryCode: request.countryCode,
    channel: ctx.channelKey,
    casRedirect: ctx.config.country.casRedirect,
    store,
  })
    ? appointmentUrl({
        casSupportUrl: ctx.config.country.casSupportUrl ?? '',
        locale: localeToUnderscore(ctx.locale),
        storeId: store.storeId,
        latitude: request.latitude,
        longitude: request.longitude,
        currentQuery: links.currentQuery,
        product: appointmentProduct(store, request.productId),
      })
    : '';
  const click = (link: string, url: string) => () => links.onLinkClick(link, store, url);
  const cityLine = [store.city, store.state, store.postalCode].filter(Boolean).join(' ');

  return (
    <article className="store" aria-labelledby={headingId} data-testid="store">
      {retail ? (
        <p className="store__banner">{t('store.retailStore', { brand: ctx.brand })}</p>
      ) : null}
      <div className="store__head">
        <span className="store__number" aria-hidden="true">
          {store.orderNumber}
        </span>
        <h3 id={headingId} className="store__title">
          <span className="visually-hidden">{store.orderNumber}. </span>
          {store.title}
          {ctx.layout.distanceInTitle && store.distance ? ` (${store.distance})` : null}
        </h3>
        {!ctx.layout.distanceInTitle && store.distance ? (
          <p className="store__distance">
            <span className="visually-hidden">
              {t('store.distance', { distance: store.distance })}
            </span>
            <span aria-hidden="true">{store.distance}</span>
          </p>
        ) : null}
      </div>
      {store.badges.length > 0 ? (
        <ul className="store__badges" aria-label={t('badges.legendLabel')}>
          {store.badges.map((code) => (
            <li key={code}>
              <BadgeMark code={code} />
              {t(`badges.${code}.name`, { brand: ctx.brand, defaultValue: code })}
            </li>
          ))}
        </ul>
      ) : null}
      {links.travel ? (
        <TravelTime times={links.travel} storeId={store.id} locale={ctx.locale} />
      ) : null}
      <dl className="store__details">
        <div>
          <dt className="visually-hidden">{t('store.address')}</dt>
          <dd>
            <address>
              {store.street1 ? <span>{store.street1}</span> : null}
              {store.street2 ? <span>{store.street2}</span> : null}
              {cityLine ? <span>{cityLine}</span> : null}
            </address>
          </dd>
        </div>
        {store.phone ? (
          <div>
            <dt className="visually-hidden">{t('store.phone')}</dt>
            <dd>
              <a
                href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}
                dir="ltr"
                onClick={click('phone', `tel:${store.phone}`)}
              >
                {store.phone}
              </a>
            </dd>
          </div>
        ) : null}
        <List label={t('store.products')} items={store.productRibbon} />
        <List
          label={t('store.serviceTypes')}
          items={store.serviceTypes.map((s) =>
            t(`repairTypes.${s.code}`, { defaultValue: s.code }),
          )}
        />
        <List
          label={t('store.specialties')}
          items={store.solutionsSpecialties.map((s) =>
            t(`specialties.${s.code}`, { defaultValue: s.code }),
          )}
        />
        <List
          label={t('store.valueAddedServices')}
          items={store.valueAddedServices.map((s) => t(`vas.${s.code}`, { defaultValue: s.code }))}
        />
      </dl>
      <ul className="store__links">
        {directions ? (
          <li>
            <ExternalLink
              href={directions}
              label={t('store.directionsLabel', { name: store.title })}
              onClick={click('directions', directions)}
            >
              {t('store.directions')}
            </ExternalLink>
          </li>
        ) : null}
        {store.storeWeb ? (
          <li>
            <ExternalLink
              href={store.storeWeb}
              label={t('store.websiteLabel', { name: store.title })}
              onClick={click('website', store.storeWeb)}
            >
              {t('store.website')}
            </ExternalLink>
          </li>
        ) : null}
        {carrier ? (
          <li>
            <ExternalLink href={carrier.url} onClick={click('carrier', carrier.url)}>
              {t(ctx.channelKey === 'sales' ? 'store.carrierSales' : 'store.carrierService', {
                carrier: carrier.name,
              })}
            </ExternalLink>
          </li>
        ) : null}
        {appointment ? (
          <li>
            <ExternalLink
              href={appointment}
              label={t('store.appointmentLabel', { name: store.title })}
              onClick={click('appointment', appointment)}
            >
              {t('store.appointment')}
            </ExternalLink>
          </li>
        ) : null}
      </ul>
    </article>
  );
}

function List({ label, items }: { label: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="store__list">
      <dt>{label}</dt>
      <dd>{items.join(', ')}</dd>
    </div>
  );
}
