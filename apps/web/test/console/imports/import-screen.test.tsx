// @vitest-environment jsdom
/**
 * The console's imports screen against a fake upload: the check (dry run) with its counts,
 * problems and created stores; Apply only after a clean check of this file and these settings;
 * the status of each phase (uploading with its share, checking, writing); a file dropped on the
 * file area; the created, changed and removed lists a page at a time; a viewer sees the
 * download only. The file's body type and the route's query (import-file.ts).
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportReportJson } from '@locator/core/admin-answers';
import type { ConsoleClient, UploadAnswer, UploadProgress } from '../../../src/console/api/client';
import ImportScreen from '../../../src/console/imports/ImportScreen';
import { bulkPath, importFileType } from '../../../src/console/imports/import-file';
import { ConsoleBrandContext } from '../../../src/console/shell/brand';
import { MemoryRouter } from '../../../src/lib/router';
import { testI18n } from '../i18n';

afterEach(cleanup);

const report = (over: Partial<ImportReportJson>): ImportReportJson => ({
  version: 1,
  file: 'request',
  format: 'csv',
  encoding: 'utf-8',
  mode: 'upsert',
  dryRun: true,
  outcome: 'DRY_RUN',
  exitCode: 0,
  rows: 2,
  invalid: 0,
  changes: { added: 2, changed: 0, removed: 0, unchanged: 0, written: false, refused: false },
  maxRemovalShare: 0.1,
  problems: [],
  geocoded: [],
  listed: {
    limit: 5000,
    created: [
      { storeId: 'S-1', title: 'One', country: 'GB', line: 2 },
      { storeId: 'S-2', title: 'Two', country: 'GB', line: 3 },
    ],
    updated: [],
    removed: [],
  },
  unplaced: [],
  ...over,
});

interface Upload {
  path: string;
  type: string;
  progress: UploadProgress;
  answer: (a: UploadAnswer) => void;
}

function fakeClient() {
  const uploads: Upload[] = [];
  const client = {
    upload: (path: string, _file: Blob, type: string, progress: UploadProgress) =>
      new Promise<UploadAnswer>((answer) => uploads.push({ path, type, progress, answer })),
  } as unknown as ConsoleClient;
  return { client, uploads };
}

function renderScreen(client: ConsoleClient, role: 'viewer' | 'editor' = 'editor') {
  render(
    <I18nextProvider i18n={testI18n()}>
      <ConsoleBrandContext.Provider value="Lumen">
        <MemoryRouter initialEntries={['/admin/imports']}>
          <ImportScreen client={client} account={{ email: `${role}@example.com`, role }} />
        </MemoryRouter>
      </ConsoleBrandContext.Provider>
    </I18nextProvider>,
  );
}

const csvFile = (text = 'storeId\nS-1\n') => new File([text], 'stores.csv', { type: 'text/csv' });

/** The screen with a CSV chosen and its check sent (its upload waiting for an answer). */
async function checkedFile() {
  const { client, uploads } = fakeClient();
  renderScreen(client);
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('Choose a file, or drop it here'), csvFile());
  await user.click(screen.getByRole('button', { name: 'Check file' }));
  return { uploads, user };
}

describe('the imports screen', () => {
  it('checks a file, shows its problems, and applies it only after a clean check', async () => {
    const { client, uploads } = fakeClient();
    renderScreen(client);
    const user = userEvent.setup();
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toHaveProperty('disabled', true);
    await user.upload(screen.getByLabelText('Choose a file, or drop it here'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    expect(uploads[0]).toMatchObject({
      path: '/api/v1/admin/stores/bulk?mode=upsert&dryRun=true',
      type: 'text/csv',
    });
    uploads[0]!.progress.onSending(50, 100);
    expect(await screen.findByText('Uploading the file: 50 %')).toBeTruthy();
    uploads[0]!.progress.onSent();
    expect(await screen.findByText('Checking the file…')).toBeTruthy();
    uploads[0]!.answer({
      status: 400,
      body: {
        error: { code: 'INVALID_BODY', message: 'Invalid stores.' },
        report: report({
          outcome: 'INVALID_ROWS',
          invalid: 1,
          problems: [
            { row: 3, column: 'latitude', value: 'north', code: 'INVALID_COORDINATE', reason: 'x' },
          ],
        }),
      },
    });
    expect(
      await screen.findByText('The file has problems: nothing written. Fix them and check again.'),
    ).toBeTruthy();
    const problems = screen.getByRole('region', { name: '1 problem' });
    const cells = problems.querySelectorAll('tbody td');
    expect([...cells].map((c) => c.textContent)).toEqual([
      '3',
      'latitude',
      'north',
      'This is not a valid coordinate (a plain decimal number in range, not 0,0).',
    ]);
    expect(apply).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Check file' }));
    uploads[1]!.answer({ status: 200, body: { report: report({}) } });
    expect(await screen.findByRole('region', { name: '2 stores created' })).toBeTruthy();
    expect(apply).toHaveProperty('disabled', false);

    // Another mode needs another check.
    await user.click(screen.getByRole('radio', { name: /^Sync/ }));
    expect(apply).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('radio', { name: /^Add and update/ }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    uploads[2]!.answer({ status: 200, body: { report: report({}) } });
    await screen.findByRole('region', { name: '2 stores created' });

    await user.click(apply);
    expect(uploads[3]!.path).toBe('/api/v1/admin/stores/bulk?mode=upsert');
    uploads[3]!.progress.onSent();
    expect(await screen.findByText('Writing the stores…')).toBeTruthy();
    uploads[3]!.answer({
      status: 200,
      body: { report: report({ dryRun: false, outcome: 'APPLIED' }) },
    });
    expect(await screen.findByText('Applied: the stores are written.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Import result' })).toBeTruthy();
  });

  it('says a failure in words', async () => {
    const { uploads } = await checkedFile();
    uploads[0]!.answer({
      status: 413,
      body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Too large.' } },
    });
    expect(
      await screen.findByText(
        'The file is too large to import from the console; use the import command.',
      ),
    ).toBeTruthy();
  });

  it('takes a file dropped on the file area, and sends it with its body type', async () => {
    const { client, uploads } = fakeClient();
    renderScreen(client);
    const input = screen.getByLabelText('Choose a file, or drop it here');
    const area = input.parentElement!;
    const file = new File(['[]'], 'stores.json', { type: '' });
    // A DataTransfer as the browser hands it over (jsdom has none).
    const dataTransfer = { files: [file], types: ['Files'] };
    fireEvent.dragOver(area, { dataTransfer });
    expect(area.className).toContain('import-drop--over');
    fireEvent.dragLeave(area, { dataTransfer });
    expect(area.className).not.toContain('import-drop--over');
    fireEvent.drop(area, { dataTransfer });
    expect(screen.getByText('Chosen: stores.json (2 bytes)')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check file' }));
    expect(uploads[0]).toMatchObject({
      path: '/api/v1/admin/stores/bulk?mode=upsert&dryRun=true',
      type: 'application/json',
    });
  });

  it('lists what is created, changed (field by field) and removed, a page at a time', async () => {
    const { uploads, user } = await checkedFile();
    const created = Array.from({ length: 25 }, (_, i) => ({
      storeId: `N-${i + 1}`,
      title: `New ${i + 1}`,
      country: 'GB',
      line: i + 2,
    }));
    uploads[0]!.answer({
      status: 200,
      body: {
        report: report({
          changes: {
            added: 25,
            changed: 1,
            removed: 1,
            unchanged: 0,
            written: false,
            refused: false,
          },
          listed: {
            limit: 5000,
            created,
            updated: [
              {
                storeId: 'S-1',
                title: 'One',
                country: 'GB',
                line: 27,
                fields: [{ column: 'phone', before: '+44 1', after: '+44 2' }],
              },
            ],
            removed: [{ storeId: 'S-9', title: 'Gone', country: 'FR' }],
          },
        }),
      },
    });
    const rows = (name: string) =>
      within(screen.getByRole('region', { name }))
        .getAllByRole('row')
        .map((r) => [...r.children].map((c) => c.textContent));
    const createdList = await screen.findByRole('region', { name: '25 stores created' });
    expect(rows('25 stores created')[0]).toEqual(['Line', 'Store id', 'Name', 'Country']);
    expect(rows('25 stores created')).toHaveLength(21);
    const pages = within(createdList).getByRole('navigation', { name: 'Pages of created stores' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(rows('25 stores created').slice(1)).toEqual(
      created.slice(20).map((s) => [String(s.line), s.storeId, s.title, 'GB']),
    );
    expect(rows('1 store changed')).toEqual([
      ['Line', 'Store id', 'Name', 'Country', 'Changes'],
      ['27', 'S-1', 'One', 'GB', 'phone: +44 1 → +44 2'],
    ]);
    expect(rows('1 store removed')).toEqual([
      ['Store id', 'Name', 'Country'],
      ['S-9', 'Gone', 'FR'],
    ]);
  });

  it('shows a viewer the download only', () => {
    renderScreen(fakeClient().client, 'viewer');
    expect(screen.queryByLabelText('Choose a file, or drop it here')).toBeNull();
    expect(
      screen.getByText('Importing needs the editor role. You can download the stores as CSV.'),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download stores as CSV' });
    expect(link.getAttribute('href')).toBe('/api/v1/admin/stores.csv');
  });
});

describe('import files', () => {
  it('sends each format with its body type', () => {
    expect(importFileType({ name: 'a.CSV', type: '' })).toBe('text/csv');
    expect(importFileType({ name: 'a.json', type: '' })).toBe('application/json');
    expect(importFileType({ name: 'a.ndjson', type: '' })).toBe('application/x-ndjson');
    expect(importFileType({ name: 'a.jsonl', type: '' })).toBe('application/x-ndjson');
    expect(importFileType({ name: 'stores', type: 'text/csv' })).toBe('text/csv');
    expect(importFileType({ name: 'a.xlsx', type: 'application/vnd.ms-excel' })).toBeUndefined();
  });

  it('asks for the mode and the removal threshold', () => {
    const sync = { mode: 'sync' as const, maxRemovalPercent: 25, allowRemoval: false };
    expect(bulkPath(sync, true)).toBe(
      '/api/v1/admin/stores/bulk?mode=sync&dryRun=true&maxRemoval=0.25',
    );
    expect(bulkPath({ ...sync, allowRemoval: true }, false)).toBe(
      '/api/v1/admin/stores/bulk?mode=sync&allowRemoval=true',
    );
  });
});
