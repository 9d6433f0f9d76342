/**
 * The parts of a store's detail (PRODUCT.md#results-page), shared by the list entry, the map callout
 * and the narrow detail view: its head (banner, number, title, distance), its facts (badges,
 * travel time, opening hours, address, phone, products, services) and its links (PRODUCT.md#external-links, #appointment-link).
 */
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { RETAIL_STORE_TYPE, languageTag, telHref, type Store } from '@locator/core';
import type { ResultsContext } from '../context';
import type { StoreUrls } from '../store-links';
import { BadgeMark } from './BadgeLegend';
import { ExternalLink } from './ExternalLink';
import { StoreHours } from './StoreHours';
import { StorePageItems } from './StorePageItems';
import { TravelTime } from './TravelTime';
import type { StoreLinks } from './store-link-props';

export type { StoreLinks } from './store-link-props';

export interface SelectButton {
  id: string;
  /** Accessible name ("Show details for {name}"). */
  label: string;
  /** Wide screens: the store is the active one (its pin is selected). */
  pressed?: boolean | undefined;
  onClick(): void;
}

/** Banner, number, title (a select button in the list) and distance. */
export function StoreHead({
  store,
  ctx,
  headingId,
  select,
  headingRef,
}: {
  store: Store;
  ctx: ResultsContext;
  headingId: string;
  select?: SelectButton;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation('result');
  const retail = store.storeTypes.includes(RETAIL_STORE_TYPE);
  const distanceInTitle = ctx.layout.distanceInTitle && store.distance !== '';
  const name = `${store.orderNumber}. ${store.title}${distanceInTitle ? ` (${store.distance})` : ''}`;
  const title = (
    <>
      <span className="visually-hidden">{store.orderNumber}. </span>
      {/* The name keeps its own direction ("e& Dubai Mall" on an Arabic page). */}
      <bdi>{store.title}</bdi>
      {distanceInTitle ? ` (${store.distance})` : null}
    </>
  );
  return (
    <>
      {retail ? (
        <p className="store__banner">{t('store.retailStore', { brand: ctx.brand })}</p>
      ) : null}
      <div className="store__head">
        <span className="store__number" aria-hidden="true">
          {store.orderNumber}
        </span>
        <h3
          id={headingId}
          ref={headingRef}
          className="store__title"
          {...(select ? { 'aria-label': name } : { tabIndex: -1 })}
        >
          {select ? (
            <button
              type="button"
              id={select.id}
              className="store__select"
              aria-label={select.label}
              aria-pressed={select.pressed}
              onClick={select.onClick}
            >
              {title}
            </button>
          ) : (
            title
          )}
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
    </>
  );
}

/** Badges, travel time, address, phone and the lists of products and services. */
export function StoreFacts({ store, links }: { store: Store; links: StoreLinks }) {
  const { t } = useTranslation('result');
  const { ctx } = links;
  const address = store.addressLines;
  // Only a number becomes a tel: link (no link for "n/a" or script-like text).
  const tel = telHref(store.phone);
  return (
    <>
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
      {store.hours ? <StoreHours hours={store.hours} locale={ctx.locale} /> : null}
      <dl className="store__details">
        <div>
          <dt className="visually-hidden">{t('store.address')}</dt>
          <dd>
            {/* Each line keeps its own direction: a Latin address on a right-to-left page still
                reads "1032 Station Avenue". */}
            <address>
              {address.map((line, i) => (
                <span key={i} dir="auto">
                  {line}
                </span>
              ))}
            </address>
          </dd>
        </div>
        {store.phone ? (
          <div>
            <dt className="visually-hidden">{t('store.phone')}</dt>
            <dd>
              {tel ? (
                <a href={tel} dir="ltr" onClick={() => links.onLinkClick('phone', store, tel)}>
                  {store.phone}
                </a>
              ) : (
                <span dir="ltr">{store.phone}</span>
              )}
            </dd>
          </div>
        ) : null}
        <FactList
          label={t('store.products')}
          items={store.productRibbon}
          locale={languageTag(ctx.locale)}
        />
        <FactList
          label={t('store.serviceTypes')}
          items={store.serviceTypes.map((s) =>
            t(`repairTypes.${s.code}`, { defaultValue: s.code }),
          )}
          locale={languageTag(ctx.locale)}
        />
        <FactList
          label={t('store.specialties')}
          items={store.solutionsSpecialties.map((s) =>
            t(`specialties.${s.code}`, { defaultValue: s.code }),
          )}
          locale={languageTag(ctx.locale)}
        />
        <FactList
          label={t('store.valueAddedServices')}
          items={store.valueAddedServices.map((s) => t(`vas.${s.code}`, { defaultValue: s.code }))}
          locale={languageTag(ctx.locale)}
        />
      </dl>
    </>
  );
}

/** One list format per language, made once (making one costs more than formatting with it). */
const listFormats = new Map<string, Intl.ListFormat>();

export function factListFormat(locale: string): Intl.ListFormat {
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' });
    listFormats.set(locale, format);
  }
  return format;
}

/** A list of facts, joined as the page's language joins a list ("A, B, C"; "A、B、C"). */
function FactList({
  label,
  items,
  locale,
}: {
  label: string;
  items: readonly string[];
  locale: string;
}) {
  if (items.length === 0) return null;
  return (
    <div className="store__list">
      <dt>{label}</dt>
      <dd>{factListFormat(locale).format(items)}</dd>
    </div>
  );
}

/**
 * Directions, website, carrier, appointment and support links, the store's page and Share; each
 * one's accessible name says which store it is for, and each click is reported.
 */
export function StoreLinkList({
  store,
  urls,
  links,
  children,
}: {
  store: Store;
  urls: StoreUrls;
  links: StoreLinks;
  /** Further items. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('result');
  const { ctx } = links;
  const name = store.title;
  const click = (link: string, url: string) => () => links.onLinkClick(link, store, url);
  const forStore = (text: string) => t('store.linkFor', { link: text, name });
  const carrierText = urls.carrier
    ? t(ctx.channelKey === 'sales' ? 'store.carrierSales' : 'store.carrierService', {
        carrier: urls.carrier.name,
      })
    : '';
  return (
    <ul className="store__links">
      {urls.directionsHere ? (
        <li>
          <ExternalLink
            href={urls.directionsHere}
            label={t('store.directionsLabel', { name })}
            onClick={click('directions', urls.directions)}
          >
            {t('store.directions')}
          </ExternalLink>
        </li>
      ) : null}
      {urls.website ? (
        <li>
          <ExternalLink
            href={urls.website}
            label={t('store.websiteLabel', { name })}
            onClick={click('website', urls.website)}
          >
            {t('store.website')}
          </ExternalLink>
        </li>
      ) : null}
      {urls.carrier ? (
        <li>
          <ExternalLink
            href={urls.carrier.url}
            label={forStore(carrierText)}
            onClick={click('carrier', urls.carrier.url)}
          >
            {carrierText}
          </ExternalLink>
        </li>
      ) : null}
      {urls.appointment ? (
        <li>
          <ExternalLink
            href={urls.appointment}
            label={t('store.appointmentLabel', { name })}
            onClick={click('appointment', urls.appointment)}
          >
            {t('store.appointment')}
          </ExternalLink>
        </li>
      ) : null}
      {urls.support ? (
        <li>
          <ExternalLink
            href={urls.support}
            label={forStore(t('store.support'))}
            onClick={click('external', urls.support)}
          >
            {t('store.support')}
          </ExternalLink>
        </li>
      ) : null}
      <StorePageItems store={store} urls={urls} links={links} />
      {children}
    </ul>
  );
}
