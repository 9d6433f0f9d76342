/**
 * Where the run stands, in a live region: sending the file (with a progress bar), the server
 * checking or writing it, then the outcome.
 */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RunState } from './useImportRun';

/** The failures the screen names; any other is "could not be done". */
const KNOWN_FAILURES = new Set([
  'ROLE_FORBIDDEN',
  'CSRF_TOKEN_INVALID',
  'NOT_SIGNED_IN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_ENCODING',
  'INVALID_BODY',
]);

function statusText(state: RunState, t: TFunction): string {
  switch (state.phase) {
    case 'idle':
      return '';
    case 'uploading':
      return t('imports.status.uploading', {
        percent: state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0,
      });
    case 'working':
      return t(state.kind === 'check' ? 'imports.status.checking' : 'imports.status.writing');
    case 'failed':
      return t(
        `imports.failed.${state.code && KNOWN_FAILURES.has(state.code) ? state.code : 'generic'}`,
      );
    case 'done':
      return t(`imports.outcome.${state.kind}.${state.report.outcome}`);
  }
}

export function RunStatus({ state }: { state: RunState }) {
  const { t } = useTranslation();
  const text = statusText(state, t);
  const failed =
    state.phase === 'failed' ||
    (state.phase === 'done' && !['DRY_RUN', 'APPLIED'].includes(state.report.outcome));
  return (
    <div className="import-status">
      {state.phase === 'uploading' ? (
        <progress
          className="import-status__bar"
          max={state.total || 1}
          value={state.sent}
          aria-label={t('imports.status.progress')}
        />
      ) : null}
      {state.phase === 'working' ? (
        <progress className="import-status__bar" aria-label={t('imports.status.progress')} />
      ) : null}
      <p
        role="status"
        className={`import-status__text${failed ? ' import-status__text--problem' : ''}`}
      >
        {text}
      </p>
    </div>
  );
}
