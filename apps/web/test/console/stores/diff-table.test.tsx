// @vitest-environment jsdom
/**
 * The before → after table the conflict view and the store's history share
 * (src/console/stores/DiffTable.tsx): a row per changed field named by its header, the two
 * versions as columns, an empty value said in words, the caption when given.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ConflictView } from '../../../src/console/stores/ConflictView';
import { DiffTable } from '../../../src/console/stores/DiffTable';
import { emptyStoreForm } from '../../../src/console/stores/store-form';
import { testI18n } from '../i18n';

afterEach(cleanup);

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [...r.children].map((c) => c.textContent));

describe('the before → after table', () => {
  it('shows each changed field with both versions, an empty one in words', () => {
    render(
      <I18nextProvider i18n={testI18n()}>
        <DiffTable
          changes={[
            { field: 'phone', before: '+44 1', after: '' },
            { field: 'title', before: '', after: 'New' },
          ]}
          columns={['Before', 'After']}
          fieldName={(f) => f.toUpperCase()}
        />
      </I18nextProvider>,
    );
    const table = screen.getByRole('table');
    expect(cells(table)).toEqual([
      ['Field', 'Before', 'After'],
      ['PHONE', '+44 1', '(empty)'],
      ['TITLE', '(empty)', 'New'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'PHONE' })).toBeTruthy();
  });

  it('is the conflict view’s, with its caption and the fields’ names', () => {
    const mine = { ...emptyStoreForm(), phone: '+44 2' };
    render(
      <I18nextProvider i18n={testI18n()}>
        <ConflictView
          theirs={{ ...mine, phone: '+44 1' }}
          mine={mine}
          onKeepMine={() => {}}
          onTakeTheirs={() => {}}
        />
      </I18nextProvider>,
    );
    const table = screen.getByRole('table');
    expect(table.querySelector('caption')?.textContent).toBeTruthy();
    expect(cells(table).slice(1)).toEqual([['Phone', '+44 1', '+44 2']]);
  });
});
