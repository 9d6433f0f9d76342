import { useTranslation } from 'react-i18next';
import { resultSentenceVariant } from '@locator/core';

/**
 * The result sentence (PRODUCT.md#results-page) in its three variants; for the nearest stores beyond the
 * radius "No locations within 100 mi of Siwa. The nearest are:", and for an area search the
 * number of stores in the map's area.
 */
export function ResultSentence(props: {
  count: number;
  productId: string;
  product: string;
  repairType: string | undefined;
  location: string;
  /** The searched radius as displayed, when the stores are the nearest beyond it. */
  beyondRadius?: string | undefined;
  /** The number of stores in the searched map area (an area search). */
  areaTotal?: number | undefined;
  /** Locale of the number's digits. */
  locale?: string;
}) {
  const { t } = useTranslation('result');
  if (props.areaTotal !== undefined) {
    return <>{t('sentence.area', { number: props.areaTotal.toLocaleString(props.locale) })}</>;
  }
  if (props.beyondRadius !== undefined) {
    return (
      <>{t('sentence.beyondRadius', { radius: props.beyondRadius, location: props.location })}</>
    );
  }
  const variant = resultSentenceVariant(props.productId, props.repairType);
  return (
    <>
      {t(`sentence.${variant}`, {
        count: props.count,
        product: props.product,
        location: props.location,
      })}
    </>
  );
}
