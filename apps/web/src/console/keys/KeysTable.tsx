/**
 * The API keys as a table: name, scope, created, last used (to the minute: the server notes a
 * key's use at most once a minute), and revoked or active with a revoke button.
 */
import { useTranslation } from 'react-i18next';
import { formatTime } from '../shell/format-time';
import { TableScroll } from '../shell/TableScroll';
import type { ApiKey } from './keys-api';

export function KeysTable({
  keys,
  captionId,
  onRevoke,
}: {
  keys: ApiKey[];
  /** The heading naming the table. */
  captionId: string;
  onRevoke: (key: ApiKey) => void;
}) {
  const { t, i18n } = useTranslation();
  if (keys.length === 0) return <p>{t('keys.list.empty')}</p>;
  return (
    <TableScroll labelId={captionId}>
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">{t('keys.list.name')}</th>
            <th scope="col">{t('keys.list.scope')}</th>
            <th scope="col">{t('keys.list.created')}</th>
            <th scope="col">{t('keys.list.lastUsed')}</th>
            <th scope="col">{t('keys.list.status')}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const scope = key.scopes.includes('write') ? 'write' : 'read';
            return (
              <tr key={key.id}>
                <th scope="row">{key.name}</th>
                <td>{t(`keys.scope.${scope}`)}</td>
                <td>{formatTime(key.createdAt, i18n.language)}</td>
                <td>
                  {key.lastUsedAt === null ? (
                    t('keys.list.neverUsed')
                  ) : (
                    <time dateTime={key.lastUsedAt}>
                      {formatTime(key.lastUsedAt, i18n.language)}
                    </time>
                  )}
                </td>
                <td>
                  {key.revokedAt === null ? (
                    <div className="console-key-status">
                      {t('keys.list.active')}
                      <button
                        type="button"
                        className="console-button console-button--small"
                        aria-label={t('keys.list.revokeNamed', { name: key.name })}
                        onClick={() => onRevoke(key)}
                      >
                        {t('keys.list.revoke')}
                      </button>
                    </div>
                  ) : (
                    t('keys.list.revokedAt', { time: formatTime(key.revokedAt, i18n.language) })
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
