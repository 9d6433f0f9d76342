import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreMapLabels } from '../../../components/map';

/** The store map's texts in the page language (PRODUCT.md#results-page: pins named by number and name). */
export function useMapLabels(): StoreMapLabels {
  const { t, i18n } = useTranslation('result');
  return useMemo(
    () => ({
      map: t('map.label'),
      pin: (p) => t('map.pin', { number: p.label, name: p.name }),
      callout: (p) => t('map.callout', { name: p.name }),
      close: t('map.close'),
      smallMap: (p) => t('map.smallMapLabel', { name: p.name }),
      zoomIn: t('map.zoomIn'),
      zoomOut: t('map.zoomOut'),
      attribution: t('map.attribution'),
      searchArea: t('map.searchArea'),
      cluster: (count) => t('map.cluster', { number: count.toLocaleString(i18n.language) }),
    }),
    [t, i18n.language],
  );
}
