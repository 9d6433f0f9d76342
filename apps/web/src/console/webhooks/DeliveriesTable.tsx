/** A webhook URL's deliveries (or failures) as a table: time, event, outcome, answer, attempts. */
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryAnswer } from '@locator/core/console-webhooks';
import { formatTime } from '../shell/format-time';
import { TableScroll } from '../shell/TableScroll';

export function DeliveriesTable({
  deliveries,
  labelId,
  emptyKey,
}: {
  deliveries: WebhookDeliveryAnswer[];
  /** The headings naming the table (ids, space-separated: unique per page). */
  labelId: string;
  /** What is said when there is none. */
  emptyKey: string;
}) {
  const { t, i18n } = useTranslation();
  if (deliveries.length === 0) return <p>{t(emptyKey)}</p>;
  return (
    <TableScroll labelId={labelId}>
      <table className="console-table" aria-labelledby={labelId}>
        <thead>
          <tr>
            <th scope="col">{t('webhooks.table.time')}</th>
            <th scope="col">{t('webhooks.table.event')}</th>
            <th scope="col">{t('webhooks.table.outcome')}</th>
            <th scope="col">{t('webhooks.table.answer')}</th>
            <th scope="col">{t('webhooks.table.attempts')}</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.eventId}>
              <td>{formatTime(d.at, i18n.language)}</td>
              <td>
                <span dir="ltr">{d.event}</span>{' '}
                <span className="console-table__id" dir="ltr">
                  {d.eventId}
                </span>
              </td>
              <td>{t(`webhooks.outcome.${d.outcome}`)}</td>
              <td dir="ltr">
                {d.statusCode !== null
                  ? t('webhooks.table.status', { code: d.statusCode })
                  : (d.error ?? '')}
              </td>
              <td>{d.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
