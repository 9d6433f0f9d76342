import { useEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALL_PRODUCTS_OPTION,
  PAGINATION_ANNOUNCEMENT_MS,
  badgeLegend,
  dropOffSwitch,
  initialTravelMode,
  type DropOffSwitch as Target,
  type SearchRequest,
  type SearchResults,
  type Store,
} from '@locator/core';
import { restoreView } from '../../../lib/router';
import type { MapArea } from '../../../components/map';
import type { ResultsContext } from '../context';
import type { AreaView } from '../hooks/useSearchFlow';
import { useResultsView } from '../hooks/useResultsView';
import { useTimedMessage } from '../hooks/useTimedMessage';
import { useStoreSelection } from '../hooks/useStoreSelection';
import { useTravelTimes } from '../hooks/useTravelTimes';
import { useViewQuery } from '../hooks/useViewQuery';
import { BadgeInfo, BadgeLegend } from './BadgeLegend';
import { DropOffSwitch } from './DropOffSwitch';
import { Filters } from './Filters';
import { MapSlot } from './MapSlot';
import { NoMatch, NoResults } from './NoResults';
import { Pagination } from './Pagination';
import { useProductLabel } from './ProductField';
import { ResultSentence } from './ResultSentence';
import { ResultsShownSwitch } from './ResultsShownSwitch';
import { COPIED_MESSAGE_MS, StoreDetail } from './StoreDetail';
import { StoreEntry, type StoreLinks } from './StoreEntry';
import { TravelModeChoice } from './TravelTime';

/** How long the reset-filters announcement stays (PRODUCT.md#filters, #paging-and-timing). */
export const RESET_ANNOUNCEMENT_MS = 4000;

export interface ResultsSectionProps {
  ctx: ResultsContext;
  request: SearchRequest;
  results: SearchResults;
  /** The results page's query string of this search ("?pt=…"). */
  pageQuery: string;
  /** The query string the drop-off switch leads to. */
  dropOffHref(target: Target): string;
  onDropOff(target: Target): void;
  /** "Search this area" on the map. */
  onAreaSearch?: (area: MapArea) => void;
  /** The map's camera to keep (an area search's results). */
  mapView?: AreaView | undefined;
  onLinkClick(link: string, store: Store | undefined, url: string): void;
  headingRef?: Ref<HTMLHeadingElement>;
  narrow: boolean;
  /** The town searched instead of a street address the maps engine could not place. */
  townShown?: string | undefined;
}

/**
 * The results (PRODUCT.md#results-page, #page-states): sentence, drop-off switch, filters, badge legend, the
 * paged list beside the map slot (on narrow screens the list or, switched, the map), the badge info block, and the empty states. The page and the
 * narrow detail view are in the URL (history entries); turning a page moves focus and scroll to
 * the results heading, Back/Forward between pages puts back the entry's scroll and focus.
 * Resetting the filters leaves focus on the filter toggle. Mount it keyed per search so that it
 * starts with no filter.
 */
export function ResultsSection({ headingRef, ...props }: ResultsSectionProps) {
  const { t } = useTranslation('result');
  const { ctx, request, results } = props;
  const viewQuery = useViewQuery();
  const view = useResultsView({
    channelKey: ctx.channelKey,
    channel: ctx.channel,
    results,
    productId: request.productId,
    page: viewQuery.page,
    onPage: viewQuery.setPage,
    filters: viewQuery.filters,
    onFilters: viewQuery.setFilters,
  });
  const productLabel = useProductLabel();
  const [pageStatus, announcePage] = useTimedMessage(PAGINATION_ANNOUNCEMENT_MS);
  const [resetStatus, announceReset] = useTimedMessage(RESET_ANNOUNCEMENT_MS);
  const [copiedStatus, announceCopied] = useTimedMessage(COPIED_MESSAGE_MS);
  const filterToggle = useRef<HTMLButtonElement>(null);
  const pageAsked = useRef<number | null>(null);
  const target = dropOffSwitch(ctx.channelKey, results.dropOff, request.repairType);
  const legend = badgeLegend(results.badgesArray, ctx.channelKey);
  const carrier = ctx.config.country.carriers?.find((c) => c.name === request.carriers);
  const [mode, setMode] = useState(() => initialTravelMode(results));
  const showTravel = ctx.layout.showTravelTime;
  const travel = useTravelTimes(request, view.visible, mode, showTravel);
  const estimated =
    travel.status === 'ready' && [...travel.byStore.values()].some((e) => e.estimate === true);
  const showMap = !ctx.config.country.disableMap;
  // Narrow screens show the list or, switched, the map of the same stores with callouts.
  const mapShown = showMap && props.narrow && viewQuery.show === 'map';
  const selection = useStoreSelection(view.visible, props.narrow && !mapShown, {
    openId: viewQuery.store,
    open: viewQuery.openStore,
    close: viewQuery.closeStore,
    mark: viewQuery.markStore,
    opened: (id) => {
      const store = view.visible.find((s) => s.id === id);
      if (store) props.onLinkClick('details', store, '');
    },
  });
  const fitKey = `${view.page}|${view.visible.map((s) => s.id).join(',')}`;
  const links: StoreLinks = {
    ctx,
    request,
    currentQuery: props.pageQuery,
    carrier,
    travel: showTravel ? travel : undefined,
    onLinkClick: props.onLinkClick,
    announce: announceCopied,
  };

  const mapSlot = (
    <MapSlot
      ctx={ctx}
      stores={view.visible}
      links={links}
      activeId={selection.activeId}
      hoveredId={selection.hoveredId}
      fitKey={fitKey}
      origin={request}
      originName={request.area ? undefined : request.formattedAddress}
      onSelect={(id) => selection.select(id, 'pin')}
      onHover={selection.hover}
      onEscape={selection.closeCallout}
      points={results.areaPoints}
      onAreaSearch={props.onAreaSearch}
      view={props.mapView}
    />
  );

  // A page turned here: announced, the heading scrolled to and focused, so the page is read
  // from its first store.
  useEffect(() => {
    if (pageAsked.current !== view.page) return;
    pageAsked.current = null;
    const { from, to, total } = view.announcement;
    announcePage(t('paging.announcement', { from, to, total }));
    const heading = document.getElementById('results-heading');
    heading?.scrollIntoView?.({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [view.page, view.announcement, announcePage, t]);

  // Back/Forward within this search (another page, the detail view): the entry's view again.
  const { entry } = viewQuery;
  const firstEntry = useRef(entry.location);
  useEffect(() => {
    if (firstEntry.current === entry.location || !entry.popped) return;
    firstEntry.current = entry.location;
    if (!restoreView(entry.view) && !document.activeElement?.closest('[data-testid="store"]')) {
      document.getElementById('results-heading')?.focus({ preventScroll: true });
    }
  }, [entry]);

  const resetFilters = () => {
    view.resetFilters();
    announceReset(t('filters.resetAnnouncement'));
    // The reset button is disabled now: focus stays in the filters, on their toggle.
    filterToggle.current?.focus();
  };

  return (
    <section className="results" aria-labelledby="results-heading" data-testid="results-section">
      <h2
        id="results-heading"
        ref={headingRef}
        tabIndex={-1}
        className="results__sentence"
        aria-describedby={props.townShown ? 'results-town-shown' : undefined}
      >
        <ResultSentence
          count={view.filtered.length}
          productId={request.productId}
          product={productLabel(view.chosenProduct)}
          repairType={request.repairType}
          location={request.formattedAddress}
          beyondRadius={results.beyondRadius ? results.radius : undefined}
          areaTotal={request.area ? (results.areaTotal ?? 0) : undefined}
          locale={ctx.locale}
        />
      </h2>
      {props.townShown ? (
        <p id="results-town-shown" className="results__notice" data-testid="street-not-found">
          {t('sentence.streetNotFound', { town: props.townShown })}
        </p>
      ) : null}
      <DropOffSwitch
        target={target}
        href={target ? props.dropOffHref(target) : ''}
        onSwitch={() => target && props.onDropOff(target)}
      />
      {view.stores.length === 0 ? (
        <NoResults
          channel={ctx.channelKey}
          allProducts={request.productId === ALL_PRODUCTS_OPTION._id}
        />
      ) : selection.detail ? (
        <StoreDetail
          store={selection.detail}
          links={links}
          showMap={showMap}
          {...(showTravel ? { travelMode: { mode, estimated, onChange: setMode } } : {})}
          onBack={selection.back}
        />
      ) : (
        <>
          <Filters
            toggleRef={filterToggle}
            panel={view.panel}
            selected={view.selected}
            brand={ctx.brand}
            activeCount={view.activeCount}
            announcement={resetStatus}
            onToggle={view.toggle}
            onReset={resetFilters}
          />
          <BadgeLegend legend={legend} brand={ctx.brand} />
          {showTravel ? (
            <TravelModeChoice mode={mode} onChange={setMode} estimated={estimated} />
          ) : null}
          {showMap && props.narrow ? (
            <ResultsShownSwitch shown={viewQuery.show} onShow={viewQuery.setShow} />
          ) : null}
          <div
            className={`results__body${showMap && !props.narrow ? '' : ' results__body--list'}${
              mapShown ? ' results__body--map' : ''
            }`}
          >
            {mapShown ? mapSlot : null}
            <div className="results__list">
              {view.filtered.length === 0 ? (
                <NoMatch onReset={resetFilters} />
              ) : mapShown ? null : (
                <ol className="store-list" aria-label={t('list.label')}>
                  {view.visible.map((store) => (
                    <li key={store.id}>
                      <StoreEntry
                        store={store}
                        links={links}
                        selection={{
                          active: props.narrow ? undefined : store.id === selection.activeId,
                          hovered: store.id === selection.hoveredId,
                          onSelect: (s) => selection.select(s.id, 'list'),
                          onHover: (s) => selection.hover(s ? s.id : null),
                        }}
                      />
                    </li>
                  ))}
                </ol>
              )}
              <Pagination
                page={view.page}
                pages={view.pages}
                onPage={(n) => {
                  pageAsked.current = Math.min(Math.max(1, n), view.pages);
                  view.goTo(n);
                }}
              />
              <div className="visually-hidden" role="status" aria-live="polite">
                {pageStatus}
              </div>
              <div className="results__copied" role="status" aria-live="polite">
                {copiedStatus}
              </div>
            </div>
            {showMap && !props.narrow ? mapSlot : null}
          </div>
          <BadgeInfo legend={legend} brand={ctx.brand} />
        </>
      )}
    </section>
  );
}
