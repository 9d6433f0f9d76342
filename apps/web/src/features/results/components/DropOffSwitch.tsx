import { useTranslation } from 'react-i18next';
import type { DropOffSwitch as Target } from '@locator/core';

/** The drop-off / on-site switch (PRODUCT.md#results-page, #drop-off): a link that re-searches. */
export function DropOffSwitch(props: {
  target: Target | undefined;
  href: string;
  onSwitch(): void;
}) {
  const { t } = useTranslation('result');
  if (!props.target) return null;
  return (
    <nav className="drop-off-switch" aria-label={t('dropOff.label')}>
      <a
        href={props.href}
        data-testid="drop-off-switch"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          props.onSwitch();
        }}
      >
        {t(props.target === 'toDropOff' ? 'dropOff.showDropOff' : 'dropOff.showOnSite')}
      </a>
    </nav>
  );
}
