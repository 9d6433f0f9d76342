import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A link opening in a new tab, saying so to screen readers. */
export function ExternalLink(props: {
  href: string;
  className?: string;
  label?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <a
      href={props.href}
      className={props.className}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={props.label ? `${props.label} ${t('link.opensInNewTab')}` : undefined}
      onClick={props.onClick}
    >
      {props.children}
      {props.label ? null : <span className="visually-hidden"> {t('link.opensInNewTab')}</span>}
    </a>
  );
}
