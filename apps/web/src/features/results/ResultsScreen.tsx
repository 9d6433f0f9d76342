import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dropOffSearchRequest,
  localeToPath,
  type DropOffSwitch,
  type ResultChannel,
  type Store,
} from '@locator/core';
import { Spinner } from '../../components/Spinner';
import { trackClick } from '../../lib/analytics';
import { restoreView, useLocation } from '../../lib/router';
import type { Boot } from '../../lib/boot';
import type { LoadedConfig } from '../../lib/config/global-config';
import { EnterpriseLinks } from './components/EnterpriseLinks';
import { ResultsHeader } from './components/ResultsHeader';
import { ResultsSection } from './components/ResultsSection';
import { SearchForm } from './components/SearchForm';
import { ServerError } from './components/ServerError';
import { carriersFor, resultsContext } from './context';
import { enterpriseLink } from './enterprise';
import { NARROW_QUERY, useMediaQuery } from './hooks/useMediaQuery';
import { useSearchFlow } from './hooks/useSearchFlow';
import { useSearchForm } from './hooks/useSearchForm';
import { pageQueryOf } from './request';
import { warmUpResults } from './warm-up';

/** The results page once configuration is loaded (PRODUCT.md#results-page contents, in order). */
export function ResultsScreen({
  boot,
  channelKey,
  config,
}: {
  boot: Boot;
  channelKey: ResultChannel;
  config: LoadedConfig;
}) {
  const { t } = useTranslation(['result', 'common']);
  const channel = config.channels[channelKey]!;
  const ctx = useMemo(
    () => resultsContext(boot.locale, boot.brand, channelKey, channel, config),
    [boot.locale, boot.brand, channelKey, channel, config],
  );
  const narrow = useMediaQuery(NARROW_QUERY);
  const searchInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const carriersOf = useCallback((country: string) => carriersFor(ctx, country), [ctx]);
  const form = useSearchForm({ fields: ctx.fields, carriersOf });
  const flow = useSearchFlow(ctx, form, searchInput);
  const { state } = flow.search;
  const homePath = localeToPath(boot.locale);
  const { view: savedView } = useLocation();

  useEffect(() => warmUpResults(boot.locale), [boot.locale]);

  // After results arrive: scroll to them; a search the visitor started also moves focus there.
  // Back/Forward and reload put back the entry's scroll and focus when it has them.
  const arrivedAt = state.status === 'success' ? state.at : undefined;
  useEffect(() => {
    if (arrivedAt === undefined) return;
    const el = heading.current;
    // After "Search this area" the page stays where it is (the map in view).
    if (flow.trigger === 'area') {
      el?.focus({ preventScroll: true });
      return;
    }
    if (flow.trigger === 'history' || flow.trigger === 'deepLink') {
      if (savedView) {
        if (!restoreView(savedView) && flow.trigger === 'history') {
          el?.focus({ preventScroll: true });
        }
        return;
      }
    }
    el?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    if (flow.trigger !== 'deepLink') el?.focus({ preventScroll: true });
    // Only when new results arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrivedAt]);

  const onLinkClick = (link: string, store: Store | undefined, url: string) =>
    trackClick({
      link,
      url,
      channel: channelKey,
      locale: boot.locale,
      ...(store ? { storeId: store.storeId } : {}),
    });

  return (
    <main
      id="main"
      tabIndex={-1}
      className="results-page"
      data-testid="results"
      data-locale={boot.locale}
      data-channel={channelKey}
      aria-busy={state.status === 'loading'}
    >
      <ResultsHeader
        channel={channelKey}
        brand={boot.brand}
        homePath={homePath}
        onHome={() => {
          flow.search.reset();
          onLinkClick('home', undefined, homePath);
        }}
      />
      <SearchForm
        ctx={ctx}
        form={form}
        narrow={narrow}
        searchInputRef={searchInput}
        suggestion={flow.suggestion}
        onConfirmSuggestion={() => void flow.confirmSuggestion()}
        otherSite={flow.otherSite}
        geolocation={
          ctx.geolocationEnabled && flow.geolocation.supported
            ? {
                locating: flow.geolocation.locating,
                denied: flow.geolocation.denied,
                onLocate: () => void flow.geolocation.locate(),
              }
            : undefined
        }
        searching={state.status === 'loading'}
        onSubmit={() => void flow.submit()}
        onReset={flow.reset}
        onCountry={flow.changeCountry}
      />
      <EnterpriseLinks
        link={enterpriseLink(channelKey, ctx.pathCountry, ctx.lang)}
        onClick={(url) => onLinkClick('enterprise', undefined, url)}
      />
      <div className="results-area">
        {state.status === 'loading' ? <Spinner label={t('common:loading.results')} /> : null}
        {state.status === 'error' ? <ServerError code={state.code} onRetry={flow.retry} /> : null}
        {state.status === 'success' ? (
          <ResultsSection
            key={state.at}
            ctx={ctx}
            request={state.request}
            results={state.results}
            pageQuery={pageQueryOf(ctx, state.request)}
            dropOffHref={(target: DropOffSwitch) =>
              pageQueryOf(ctx, dropOffSearchRequest(state.request, target))
            }
            onDropOff={flow.dropOff}
            onAreaSearch={flow.searchArea}
            mapView={state.request.area ? flow.areaView : undefined}
            onLinkClick={onLinkClick}
            headingRef={heading}
            narrow={narrow}
            townShown={flow.townShown}
          />
        ) : null}
      </div>
    </main>
  );
}
