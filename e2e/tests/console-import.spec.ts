/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { ownServerDir, startOwnServer, type OwnServer } from './own-server';
import { expect, test, type Page } from '@playwright/test';
import { createConsoleAccount, type ConsoleAccount } from './console-accounts';
import { expectNoAxeViolations } from './web-fixtures';

// Importing from the console at 1440 and 390 px: an editor checks a CSV with one bad row (the
// dry run names its line and column; nothing is written, as the API shows), fixes it, applies
// it, finds the new store in the public search, and downloads the stores as CSV; axe finds
// nothing. A server of its own (no demo data), since an import changes what the other journeys
// read. Screenshots go to $SHOTS_DIR.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const PORT = Number(
  process.env.E2E_IMPORT_PORT ??
    Number(process.env.E2E_PORT ?? 8181) + 1021 + Number(process.env.TEST_PARALLEL_INDEX ?? 0),
);
const BASE = `http://127.0.0.1:${PORT}`;

let server: OwnServer | undefined;
let editor: ConsoleAccount;

test.beforeAll(async () => {
  server = startOwnServer('the import journey’s server', PORT, ownServerDir('import'));
  await server.ready;
  editor = createConsoleAccount('editor', server.dataDir);
});

test.afterAll(() => server?.stop());

test.use({ baseURL: BASE });

const COLUMNS = 'storeId,title,country,street1,city,latitude,longitude,salesProducts';
const row = (id: string, latitude = '51.5142') =>
  `${id},Imported ${id},GB,1 High Street,London,${latitude},-0.1420,phone`;

async function chooseFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByLabel('Choose a file, or drop it here').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });
}

async function storeIds(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/v1/admin/stores?limit=100');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { stores: { storeId: string }[] }).stores.map((s) => s.storeId);
}

for (const width of [1440, 390]) {
  test.describe(`console import at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('an editor checks a file, fixes it, applies it, and downloads the stores', async ({
      page,
    }) => {
      const ids = [`E2E-${width}-1`, `E2E-${width}-2`];
      await page.goto('/admin/imports');
      await page.getByLabel('Email').fill(editor.email);
      await page.getByLabel('Password').fill(editor.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
      await expect(page).toHaveTitle('Imports – Lumen Console');
      const apply = page.getByRole('button', { name: 'Apply' });
      await expect(apply).toBeDisabled();
      await expectNoAxeViolations(page);

      // One bad row: the check names its line and column, and nothing is written.
      await chooseFile(
        page,
        'stores.csv',
        `${COLUMNS}\n${row(ids[0]!)}\n${row(ids[1]!, 'north')}\n`,
      );
      await page.getByRole('button', { name: 'Check file' }).click();
      const status = page.getByRole('status').filter({ hasText: /./ });
      await expect(status).toHaveText(
        'The file has problems: nothing written. Fix them and check again.',
      );
      const problems = page
        .getByRole('table')
        .filter({ has: page.getByRole('columnheader', { name: 'Message' }) });
      await expect(problems.getByRole('row').nth(1).getByRole('cell')).toHaveText([
        '3',
        'latitude',
        'north',
        'This is not a valid coordinate (a plain decimal number in range, not 0,0).',
      ]);
      await expect(apply).toBeDisabled();
      expect(await storeIds(page)).not.toContain(ids[0]);
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: `${SHOTS}/console-import-problems-${width}.png`,
        fullPage: true,
      });

      // Fixed: the check lists what would be created; apply writes it.
      await chooseFile(page, 'stores.csv', `${COLUMNS}\n${row(ids[0]!)}\n${row(ids[1]!)}\n`);
      await page.getByRole('button', { name: 'Check file' }).click();
      await expect(status).toHaveText(
        'Check complete: no problems, nothing written yet. Apply to write these changes.',
      );
      const created = page.getByRole('region', { name: '2 stores created' });
      await expect(created.getByRole('cell', { name: ids[0]!, exact: true })).toBeVisible();
      expect(await storeIds(page)).not.toContain(ids[0]);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/console-import-check-${width}.png`, fullPage: true });
      await expect(apply).toBeEnabled();
      await apply.click();
      await expect(status).toHaveText('Applied: the stores are written.');
      expect(await storeIds(page)).toEqual(expect.arrayContaining(ids));
      await expectNoAxeViolations(page);

      // The public search finds the new store.
      await expect
        .poll(async () => {
          const res = await page.request.get('/api/v1/grlui/uk/en/sales?lat=51.5142&lon=-0.142');
          return (await res.text()).includes(`Imported ${ids[0]}`);
        })
        .toBe(true);

      // The download is the stores as CSV.
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download stores as CSV' }).click();
      const file = await (await download).path();
      const csv = readFileSync(file, 'utf8');
      expect(csv.split('\n')[0]).toMatch(/^storeId,title,country,/);
      expect(csv).toContain(`${ids[0]},Imported ${ids[0]},GB,`);
    });
  });
}
