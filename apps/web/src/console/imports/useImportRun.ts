/**
 * One run of the import against the server — the dry run ("check") or the real one ("apply") —
 * and where it stands: sending the file (with progress), the server checking or writing it, and
 * the report it answers (an answer with a report, whatever its status, is a report to show).
 */
import { useCallback, useRef, useState } from 'react';
import { z } from 'zod';
import { importReportSchema, type ImportReportJson } from '@locator/core/admin-answers';
import type { ConsoleClient } from '../api/client';
import { bulkPath, type ImportFileType, type ImportSettings } from './import-file';

export type RunKind = 'check' | 'apply';

export type RunState =
  | { phase: 'idle' }
  | { phase: 'uploading'; kind: RunKind; sent: number; total: number }
  | { phase: 'working'; kind: RunKind }
  | { phase: 'done'; kind: RunKind; report: ImportReportJson }
  | { phase: 'failed'; kind: RunKind; code: string | undefined };

const answerSchema = z.object({
  error: z.object({ code: z.string() }).optional(),
  report: importReportSchema.optional(),
});

export function useImportRun(client: ConsoleClient) {
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const running = useRef(false);

  const run = useCallback(
    async (kind: RunKind, file: File, type: ImportFileType, settings: ImportSettings) => {
      if (running.current) return;
      running.current = true;
      setState({ phase: 'uploading', kind, sent: 0, total: file.size });
      try {
        const answer = await client.upload(bulkPath(settings, kind === 'check'), file, type, {
          onSending: (sent, total) => setState({ phase: 'uploading', kind, sent, total }),
          onSent: () => setState({ phase: 'working', kind }),
        });
        const parsed = answerSchema.safeParse(answer.body);
        const report = parsed.success ? parsed.data.report : undefined;
        if (report) setState({ phase: 'done', kind, report });
        else {
          const code = parsed.success ? parsed.data.error?.code : undefined;
          setState({ phase: 'failed', kind, code });
        }
      } catch {
        setState({ phase: 'failed', kind, code: undefined });
      } finally {
        running.current = false;
      }
    },
    [client],
  );
  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, run, reset };
}
