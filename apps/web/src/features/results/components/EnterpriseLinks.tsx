import { useTranslation } from 'react-i18next';
import type { EnterpriseLink } from '../enterprise';
import { ExternalLink } from './ExternalLink';

/** Enterprise links (PRODUCT.md#results-page). */
export function EnterpriseLinks({
  link,
  onClick,
}: {
  link: EnterpriseLink | undefined;
  onClick(url: string): void;
}) {
  const { t } = useTranslation('result');
  if (!link) return null;
  return (
    <p className="enterprise-link">
      <ExternalLink href={link.url} onClick={() => onClick(link.url)}>
        {t(link.kind === 'sales' ? 'enterprise.salesLink' : 'enterprise.serviceLink')}
      </ExternalLink>
    </p>
  );
}
