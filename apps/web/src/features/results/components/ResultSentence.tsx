import { useTranslation } from 'react-i18next';
import { resultSentenceVariant } from '@locator/core';

/** The result sentence (spec 2.5 item 4) in its three variants. */
export function ResultSentence(props: {
  count: number;
  productId: string;
  product: string;
  repairType: string | undefined;
  location: string;
}) {
  const { t } = useTranslation('result');
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
