/**
 * The console's imports (/admin/imports): choose a CSV, JSON or NDJSON file and a mode, check
 * it (the import's dry run: counts, every problem with its line and column, what would be
 * created, changed and removed), then apply it — the same file sent again for real, through the
 * same import as the command (all or nothing, sync's removal threshold). Anyone signed in may
 * download the stores as CSV; importing needs the editor role (viewers see the download only).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleSessionAnswer } from '@locator/core/console-api';
import type { ConsoleClient } from '../api/client';
import { useDocumentTitle } from '../shell/useDocumentTitle';
import { ChangeLists } from './ChangeLists';
import { FilePicker } from './FilePicker';
import { DEFAULT_SETTINGS, EXPORT_PATH, importFileType, type ImportSettings } from './import-file';
import { ModeFields } from './ModeFields';
import { ProblemsTable } from './ProblemsTable';
import { ReportCounts } from './ReportCounts';
import { RunStatus } from './RunStatus';
import { useImportRun } from './useImportRun';
import './imports.css';

export interface ImportScreenProps {
  client: ConsoleClient;
  account: ConsoleSessionAnswer['account'];
}

export default function ImportScreen({ client, account }: ImportScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle('imports.title');
  const heading = useRef<HTMLHeadingElement>(null);
  const [file, setFile] = useState<File>();
  const [settings, setSettings] = useState<ImportSettings>(DEFAULT_SETTINGS);
  const { state, run, reset } = useImportRun(client);
  const canImport = account.role !== 'viewer';
  const type = file ? importFileType(file) : undefined;
  const busy = state.phase === 'uploading' || state.phase === 'working';
  const checked =
    state.phase === 'done' && state.kind === 'check' && state.report.outcome === 'DRY_RUN';

  useEffect(() => heading.current?.focus(), []);

  const chooseFile = (chosen: File) => {
    setFile(chosen);
    reset();
  };
  const changeSettings = (next: ImportSettings) => {
    setSettings(next);
    reset();
  };

  return (
    <div className="console-imports">
      <h1 ref={heading} tabIndex={-1}>
        {t('imports.title')}
      </h1>
      <section className="console-card" aria-labelledby="import-export-heading">
        <h2 id="import-export-heading">{t('imports.export.heading')}</h2>
        <p>{t('imports.export.intro')}</p>
        <a className="console-button" href={EXPORT_PATH} download="stores.csv">
          {t('imports.export.download')}
        </a>
      </section>
      {canImport ? (
        <section className="console-card" aria-labelledby="import-file-heading">
          <h2 id="import-file-heading">{t('imports.file.heading')}</h2>
          <p>{t('imports.intro')}</p>
          <form
            className="import-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (file && type) void run('check', file, type, settings);
            }}
          >
            <FilePicker file={file} onFile={chooseFile} disabled={busy} />
            {file && !type ? (
              <p className="import-status__text--problem" role="alert">
                {t('imports.file.unknownType')}
              </p>
            ) : null}
            <ModeFields settings={settings} onChange={changeSettings} disabled={busy} />
            <div className="console-actions">
              <button type="submit" className="console-button" disabled={!file || !type || busy}>
                {t('imports.check')}
              </button>
              <button
                type="button"
                className="console-button console-button--primary"
                disabled={!checked || busy}
                aria-describedby="import-apply-hint"
                onClick={() => {
                  if (file && type) void run('apply', file, type, settings);
                }}
              >
                {t('imports.apply')}
              </button>
            </div>
            <p id="import-apply-hint" className="import-hint">
              {t('imports.applyHint')}
            </p>
          </form>
          <RunStatus state={state} />
        </section>
      ) : (
        <section className="console-card" aria-labelledby="import-file-heading">
          <h2 id="import-file-heading">{t('imports.file.heading')}</h2>
          <p>{t('imports.viewerNote')}</p>
        </section>
      )}
      {state.phase === 'done' ? (
        <section className="console-card" aria-labelledby="import-report-heading">
          <h2 id="import-report-heading">
            {t(state.kind === 'check' ? 'imports.report.check' : 'imports.report.apply')}
          </h2>
          <ReportCounts report={state.report} />
          <ProblemsTable problems={state.report.problems} />
          <ChangeLists report={state.report} />
        </section>
      ) : null}
    </div>
  );
}
