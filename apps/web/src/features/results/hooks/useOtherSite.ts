/**
 * The offer of another country's site (`other-site.ts`): for a place the visitor typed that
 * lies in another country (found when the search in the page's country found nothing), or a
 * device position there, the link to that country's results with the same search, when the
 * configuration serves the channel there. Tied to the location text it was made for.
 */
import { useCallback, useContext, useRef, useState } from 'react';
import { languageTag, type ResultChannel } from '@locator/core';
import { ConfigStoreContext } from '../../../lib/config/useGlobalConfig';
import type { Place } from '../../../lib/maps';
import { countryNames } from '../components/SearchForm';
import type { ResultsContext } from '../context';
import type { KnownPosition } from './useSearchForm';
import { countrySites, siteLocale } from '../other-site';

export interface OtherSiteOffer {
  /** The other site's locale ("fr-FR"): its results URL is made with the form's values. */
  locale: string;
  /** The country's name in the page's language. */
  country: string;
  /** The place's name. */
  place: string;
  /** Where the other site searches. */
  position: KnownPosition;
  /** The location text the offer was made for. */
  text: string;
}

export function useOtherSite(ctx: ResultsContext) {
  const store = useContext(ConfigStoreContext);
  const [offer, setOffer] = useState<OtherSiteOffer | undefined>(undefined);
  const asked = useRef(0);

  /**
   * Offers the site of `place`'s country when it is another one that serves the channel;
   * resolves whether it did.
   */
  const offerFor = useCallback(
    async (
      place: Place,
      text: string,
      searched: { countryCode: string; channel: ResultChannel },
    ): Promise<boolean> => {
      const ask = ++asked.current;
      setOffer(undefined);
      const iso = place.countryCode.toUpperCase();
      if (!store || iso === '' || iso === searched.countryCode.toUpperCase()) return false;
      const sites = countrySites(iso);
      // The page's language first: a country that offers it answers in it.
      const probes = [...sites].sort(
        (a, b) => Number(b.startsWith(`${ctx.lang}-`)) - Number(a.startsWith(`${ctx.lang}-`)),
      );
      for (const probe of probes) {
        const response = await store.response(probe);
        const config = response?.response.find((c) => c.countryCode.toUpperCase() === iso);
        if (!config) continue;
        const locale = config.channels[searched.channel] && siteLocale(sites, config, ctx.lang);
        if (!locale || ask !== asked.current) return false;
        const [name] = countryNames(languageTag(ctx.locale), [config]);
        const address = place.formattedAddress || place.lines[0];
        setOffer({
          locale,
          country: name?.label ?? config.countryName,
          place: place.lines[0],
          position: { latitude: place.latitude, longitude: place.longitude, address },
          text,
        });
        return true;
      }
      return false;
    },
    [ctx.lang, ctx.locale, store],
  );

  const clear = useCallback(() => {
    asked.current += 1;
    setOffer(undefined);
  }, []);

  return { offer, offerFor, clear, available: store !== null };
}
