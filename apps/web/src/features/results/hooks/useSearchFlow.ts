/**
 * The search flow of the results page (PRODUCT.md#results-page, #page-states, #geolocation, #validation): submit (known position, else
 * forward geocoding limited to the country, `lookUpPlace`; "not found" on the field with focus
 * moved there, the town shown for a street it cannot place, another country's site offered for
 * a place or device position there, `useOtherSite`),
 * the deep link on load, the drop-off re-search, reset, and "use my location". Each search the
 * visitor starts is a new history entry with its query; Back and Forward to another search's
 * entry search it again (trigger "history"), to an entry without one clear the results. The
 * statistic and analytics are sent from here.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigationType, useSearchParams } from '../../../lib/router';
import {
  LOCATION_NOT_FOUND,
  dropOffSearchRequest,
  type DropOffSwitch,
  type SearchRequest,
} from '@locator/core';
import { trackSearch } from '../../../lib/analytics';
import { useStoreSearch } from '../api/searchStores';
import { sendLocationSearch } from '../api/sendLocationSearch';
import { searchCountry, type ResultsContext } from '../context';
import {
  buildSearchRequest,
  deepLinkOf,
  pageQueryOf,
  viewQueryOf,
  withViewQuery,
} from '../request';
import type { Place } from '../../../lib/maps';
import type { MapArea } from '../../../components/map';
import { otherSiteHref } from '../other-site';
import { lookUpPlace } from './lookUpPlace';
import { useMapsClient } from './mapsContext';
import { useOtherSite } from './useOtherSite';
import { useGeolocation } from './useGeolocation';
import type { SearchForm } from './useSearchForm';

/** How a search started; 'area' is "Search this area" on the map. */
export type Trigger = 'form' | 'deepLink' | 'dropOff' | 'history' | 'area';

/** The map's camera of an area search (its results keep the visitor's view). */
export interface AreaView {
  center: [number, number];
  zoom: number;
}

export function useSearchFlow(
  ctx: ResultsContext,
  form: SearchForm,
  searchInput: RefObject<HTMLInputElement | null>,
) {
  const maps = useMapsClient();
  const search = useStoreSearch({ pathCountry: ctx.pathCountry, pathLang: ctx.pathLang });
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const geo = useGeolocation();
  const [resolvingPlace, setResolvingPlace] = useState(false);
  const [trigger, setTrigger] = useState<Trigger | undefined>(undefined);
  const [areaView, setAreaView] = useState<AreaView | undefined>(undefined);
  /** "Did you mean …?" after a location that was not found, while its text stays. */
  const [offer, setOffer] = useState<{ place: Place; text: string } | undefined>(undefined);
  const suggestion = offer && offer.text === form.state.values.search ? offer.place : undefined;
  /** The town shown for a street address the maps engine could not place, by its address. */
  const [townOf, setTownOf] = useState<{ address: string; town: string } | undefined>(undefined);
  const other = useOtherSite(ctx);
  const { dispatch } = form;
  const { run } = search;

  const runSearch = useCallback(
    (request: SearchRequest, how: Trigger, view = viewQueryOf(params)) => {
      // The request first: the server works on it while the URL is written and the
      // searching state rendered.
      const answer = run(request);
      const query = pageQueryOf(ctx, request);
      // A search from the form or the drop-off switch is a new entry; a deep link keeps its
      // page and open store; Back/Forward are already at their entry. The narrow map stays.
      if (how === 'form' || how === 'dropOff') {
        setParams(new URLSearchParams(withViewQuery(query, { show: view.show })));
      } else if (how === 'deepLink') {
        setParams(new URLSearchParams(withViewQuery(query, view)), { replace: true });
      }
      setTrigger(how);
      // Browsing the map is not a location search: no statistic, no search event.
      if (how === 'area') return answer;
      // After the search's own request: the statistic never delays the stores.
      if (how !== 'dropOff' && how !== 'history') void sendLocationSearch(request, ctx.locale);
      // Reported once the answer is in, with its count and position (rounded to ~1 km by the
      // server) and whether it was answered only beyond the radius, so the demand report can
      // show the unmet searches and where (PRODUCT.md#demand-dashboard).
      return answer.then((results) => {
        trackSearch({
          channel: request.channel,
          locale: ctx.locale,
          country: request.countryCode,
          product: request.productId,
          carrier: request.carriers,
          repairType: request.repairType ?? '',
          // Back/Forward searches the entry's URL again, as a deep link does.
          trigger: how === 'history' ? 'deepLink' : how,
          latitude: request.latitude,
          longitude: request.longitude,
          ...(results
            ? { resultCount: results.stores.length, beyondRadius: results.beyondRadius === true }
            : {}),
        });
        return results;
      });
    },
    [ctx, run, setParams, params],
  );

  // On load: a URL with lat, lon and address searches; otherwise the query string is cleared.
  const initialParams = useRef(params);
  useEffect(() => {
    const link = deepLinkOf(ctx, initialParams.current);
    if (!link) {
      if ([...initialParams.current.keys()].length > 0) setParams({}, { replace: true });
      return;
    }
    dispatch({ type: 'fill', values: link.values, position: link.position });
    void runSearch(
      buildSearchRequest(ctx, link.values, link.position, link.repairType),
      'deepLink',
    );
    // Once per page: the URL is read on load only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back/Forward to another entry: its search again, or no results when it has none.
  const shown = search.state.status === 'idle' ? undefined : search.state.request;
  const latest = useRef({ shown, runSearch, reset: search.reset });
  useEffect(() => {
    latest.current = { shown, runSearch, reset: search.reset };
  });
  const seen = useRef(location);
  useEffect(() => {
    if (seen.current === location) return;
    seen.current = location;
    if (navigationType !== 'POP') return;
    const link = deepLinkOf(ctx, new URLSearchParams(location.search));
    const current = latest.current;
    const request = link
      ? buildSearchRequest(ctx, link.values, link.position, link.repairType)
      : undefined;
    const wanted = request ? pageQueryOf(ctx, request) : '';
    if (wanted === (current.shown ? pageQueryOf(ctx, current.shown) : '')) return;
    if (!link || !request) {
      current.reset();
      dispatch({ type: 'reset' });
      return;
    }
    dispatch({ type: 'fill', values: link.values, position: link.position });
    void current.runSearch(request, 'history');
  }, [ctx, dispatch, location, navigationType]);

  const notFound = useCallback(
    (error: string = LOCATION_NOT_FOUND) => {
      dispatch({ type: 'error', field: 'search', error });
      searchInput.current?.focus();
    },
    [dispatch, searchInput],
  );

  const submit = useCallback(async () => {
    const { values, position } = form.state;
    dispatch({ type: 'submitting', value: true });
    let known = position;
    if (!known) {
      const text = values.search.trim();
      const countryCode = searchCountry(ctx, values.country);
      const query = { q: text, countries: [countryCode], lang: ctx.mapsLang, limit: 1 };
      const searched = { countryCode, channel: ctx.channelKey };
      const elsewhere = (place: Place) => other.offerFor(place, values.search, searched);
      const looked = await lookUpPlace(maps, query, other.available ? elsewhere : undefined);
      if ('error' in looked) {
        dispatch({ type: 'submitting', value: false });
        setOffer(looked.suggestion && { place: looked.suggestion, text: values.search });
        notFound(looked.error);
        return;
      }
      const { place, town } = looked;
      known = {
        latitude: place.latitude,
        longitude: place.longitude,
        address: place.formattedAddress || text,
      };
      setTownOf(town === undefined ? undefined : { address: known.address, town });
      dispatch({ type: 'place', position: known, text: values.search });
    }
    dispatch({ type: 'submitting', value: false });
    await runSearch(buildSearchRequest(ctx, values, known), 'form');
  }, [ctx, dispatch, form.state, maps, notFound, other, runSearch]);

  /** The visitor confirms the suggestion: it becomes the location and the search runs. */
  const confirmSuggestion = useCallback(async () => {
    if (!suggestion) return;
    const position = {
      latitude: suggestion.latitude,
      longitude: suggestion.longitude,
      address: suggestion.formattedAddress || suggestion.lines[0],
    };
    setOffer(undefined);
    dispatch({ type: 'place', position, text: suggestion.lines[0] });
    const values = { ...form.state.values, search: suggestion.lines[0] };
    await runSearch(buildSearchRequest(ctx, values, position), 'form');
  }, [ctx, dispatch, form.state.values, runSearch, suggestion]);

  const reset = useCallback(() => {
    dispatch({ type: 'reset' });
    search.reset();
    setTrigger(undefined);
    setParams({}, { replace: true });
  }, [dispatch, search, setParams]);

  /**
   * Another country in a multi-country locale: the form empties what depends on the country
   * (without errors: nothing was submitted), and the results of the country before leave the
   * screen, in a new history entry (Back shows them again).
   */
  const changeCountry = useCallback(
    (value: string) => {
      dispatch({ type: 'country', value });
      setOffer(undefined);
      const before = search.state.status === 'idle' ? undefined : search.state.request;
      if (before && before.countryCode !== searchCountry(ctx, value)) {
        search.reset();
        setTrigger(undefined);
        setParams({});
      }
    },
    [ctx, dispatch, search, setParams],
  );

  const dropOff = useCallback(
    (target: DropOffSwitch) => {
      const current = search.state.status === 'idle' ? undefined : search.state.request;
      if (current) void runSearch(dropOffSearchRequest(current, target), 'dropOff');
    },
    [runSearch, search.state],
  );

  /**
   * "Search this area": the shown search again (same product, carrier, drop-off) over the map's
   * visible area, its stores nearest the area's centre; the URL keeps the searched location.
   */
  const searchArea = useCallback(
    (area: MapArea) => {
      const current = search.state.status === 'idle' ? undefined : search.state.request;
      if (!current) return;
      const { west, south, east, north, latitude, longitude, zoom } = area;
      setAreaView({ center: [longitude, latitude], zoom });
      void runSearch(
        { ...current, latitude, longitude, area: { west, south, east, north } },
        'area',
      );
    },
    [runSearch, search.state],
  );

  const retry = useCallback(() => {
    if (search.state.status === 'error') void run(search.state.request);
  }, [run, search.state]);

  const locate = useCallback(async () => {
    setResolvingPlace(true);
    try {
      const at = await geo.locate();
      if (!at) return;
      const place = await maps.reverse({ ...at, lang: ctx.mapsLang });
      const address =
        place?.formattedAddress || `${at.latitude.toFixed(5)}, ${at.longitude.toFixed(5)}`;
      dispatch({ type: 'place', text: address, position: { ...at, address } });
      const searched = {
        countryCode: searchCountry(ctx, form.state.values.country),
        channel: ctx.channelKey,
      };
      if (place) void other.offerFor({ ...place, ...at }, address, searched);
    } finally {
      setResolvingPlace(false);
    }
  }, [ctx, dispatch, form.state.values.country, geo, maps, other]);

  const { values } = form.state;
  const there = other.offer?.text === values.search ? other.offer : undefined;
  const answered = search.state.status === 'success' ? search.state.request : undefined;
  return {
    search,
    trigger,
    submit,
    suggestion,
    /** The town shown instead of a street the maps engine could not place. */
    townShown:
      answered && !answered.area && townOf?.address === answered.formattedAddress
        ? townOf.town
        : undefined,
    /** Another country's site for the place typed or the device position, with the search. */
    otherSite: there && {
      href: otherSiteHref(there.locale, buildSearchRequest(ctx, values, there.position)),
      country: there.country,
      place: there.place,
    },
    confirmSuggestion,
    reset,
    changeCountry,
    dropOff,
    searchArea,
    areaView,
    retry,
    geolocation: {
      supported: geo.supported,
      locating: geo.locating || resolvingPlace,
      denied: geo.denied,
      locate,
    },
  };
}
