import { useMemo } from 'react';
import { useLocation } from '../../../lib/router';
import { homeCards, localeParts, type HomeCard } from '@locator/core';
import { cardImages } from '../../../lib/card-images';
import type { LoadedConfig } from '../../../lib/config/global-config';
import { useDevicePixelRatio } from '../../../lib/useDevicePixelRatio';

/** The home page's cards for the loaded configuration (PRODUCT.md#home-page; rules in @locator/core). */
export function useHomeCards(locale: string, config: LoadedConfig): HomeCard[] {
  const { pathname } = useLocation();
  const devicePixelRatio = useDevicePixelRatio();
  const { country } = localeParts(locale);
  return useMemo(
    () =>
      homeCards(config.channels, {
        pathname,
        country,
        devicePixelRatio,
        images: cardImages(config.country.images),
      }),
    [config, pathname, country, devicePixelRatio],
  );
}
