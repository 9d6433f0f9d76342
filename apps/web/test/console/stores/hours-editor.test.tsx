// @vitest-environment jsdom
/**
 * The hours editor (src/console/stores/hours/HoursEditor.tsx) in a parent that keeps its value,
 * as the store screen does: a row per day, keyboard-only editing, copying a day, special
 * dates, the time zone, problems and the server's reasons in words, and axe's checks.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { HoursValue } from '../../../src/console/stores/hours/hours-draft';
import { HoursEditor, type HoursErrors } from '../../../src/console/stores/hours/HoursEditor';
import { testI18n } from '../i18n';

afterEach(cleanup);

function renderEditor(
  initial: HoursValue,
  props: { errors?: HoursErrors; disabled?: boolean } = {},
) {
  const values: HoursValue[] = [];
  let replace: (v: HoursValue) => void = () => {};
  function Parent() {
    const [value, setValue] = useState(initial);
    replace = setValue;
    return (
      <HoursEditor
        value={value}
        onChange={(v) => {
          values.push(v);
          setValue(v);
        }}
        country="GB"
        {...props}
      />
    );
  }
  const view = render(
    <I18nextProvider i18n={testI18n()}>
      <Parent />
    </I18nextProvider>,
  );
  return {
    values,
    last: () => values[values.length - 1],
    replace: (v: HoursValue) => act(() => replace(v)),
    view,
  };
}

const day = (name: string) => screen.getByRole('group', { name });
/** The day's mode select (named by the day), and the mode chosen in words. */
const modeSelect = (name: string) =>
  within(day(name)).getByRole<HTMLSelectElement>('combobox', { name });
const mode = (name: string) => modeSelect(name).selectedOptions[0]?.textContent;

describe('hours editor', () => {
  it('shows the week as a row per day, its name labelling its mode, and labelled times', () => {
    renderEditor({ hours: 'Mo-Fr 09:00-18:00; Sa 00:00-24:00; Su off', timeZone: 'Europe/London' });
    const monday = day('Monday');
    expect(mode('Monday')).toBe('Open at these times');
    const interval = within(monday).getByRole('group', { name: 'Interval 1' });
    expect(within(interval).getByLabelText('Opens')).toHaveProperty('value', '09:00');
    expect(within(interval).getByLabelText('Closes')).toHaveProperty('value', '18:00');
    expect(mode('Saturday')).toBe('Open 24 hours');
    expect(within(day('Saturday')).queryByRole('group', { name: 'Interval 1' })).toBeNull();
    expect(mode('Sunday')).toBe('Closed');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveProperty(
      'value',
      'Europe/London',
    );
  });

  it('edits by keyboard: a mode, an interval added and its times, written as the API’s text', async () => {
    const { last } = renderEditor({ hours: 'Mo-Fr 09:00-18:00; Sa-Su off' });
    const user = userEvent.setup();
    await user.selectOptions(modeSelect('Sunday'), 'Open 24 hours');
    expect(last()?.hours).toBe('Mo-Fr 09:00-18:00; Sa off; Su 00:00-24:00');
    const monday = day('Monday');
    await user.click(within(monday).getByRole('button', { name: 'Add interval' }));
    const second = within(monday).getByRole('group', { name: 'Interval 2' });
    expect(within(second).getByLabelText('Opens')).toHaveProperty('value', '18:00');
    expect(last()?.hours).toBe(
      'Mo 09:00-18:00,18:00-19:00; Tu-Fr 09:00-18:00; Sa off; Su 00:00-24:00',
    );
    await user.click(within(monday).getByRole('button', { name: 'Remove interval 2' }));
    expect(within(monday).queryByRole('group', { name: 'Interval 2' })).toBeNull();
    expect(document.activeElement).toBe(
      within(monday).getByRole('button', { name: 'Add interval' }),
    );
  });

  it('names a problem beside the interval, and still hands over the value the server refuses', async () => {
    const { last } = renderEditor({ hours: 'Mo-Su 09:00-18:00' });
    const user = userEvent.setup();
    const opens = within(day('Tuesday')).getByLabelText('Opens');
    await user.clear(opens);
    expect(opens.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(opens.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('Enter both the opening and the closing time.');
    expect(last()?.hours).toBe(
      'Mo 09:00-18:00; Tu -18:00; We 09:00-18:00; Th 09:00-18:00; Fr 09:00-18:00; Sa 09:00-18:00; Su 09:00-18:00',
    );
  });

  it('names overlapping intervals on their day, described on each of its times', async () => {
    const { last } = renderEditor({ hours: 'Mo 09:00-13:00; Tu-Su off' });
    const monday = day('Monday');
    await userEvent.setup().click(within(monday).getByRole('button', { name: 'Add interval' }));
    const second = within(monday).getByRole('group', { name: 'Interval 2' });
    fireEvent.change(within(second).getByLabelText('Opens'), { target: { value: '12:00' } });
    const closes = within(second).getByLabelText('Closes');
    expect(closes.getAttribute('aria-invalid')).toBe('true');
    const described = closes
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([
      'These intervals overlap. Each time of day may be in one interval only.',
    ]);
    // Handed over as entered: the server's parser refuses it too.
    expect(last()?.hours).toBe(
      'Mo 09:00-13:00,12:00-14:00; Tu off; We off; Th off; Fr off; Sa off; Su off',
    );
  });

  it('copies a day to the days chosen, announces it, and gives the focus back', async () => {
    const { last } = renderEditor({ hours: 'Mo 08:00-12:00,13:00-17:00; Tu-Su off' });
    const user = userEvent.setup();
    const copy = within(day('Monday')).getByRole('button', { name: 'Copy to other days' });
    await user.click(copy);
    expect(copy.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('group', { name: "Copy Monday's hours to" });
    expect(document.activeElement).toBe(within(panel).getByRole('checkbox', { name: 'Tuesday' }));
    await user.keyboard(' ');
    await user.click(within(panel).getByRole('checkbox', { name: 'Thursday' }));
    await user.click(within(panel).getByRole('button', { name: 'Copy' }));
    expect(last()?.hours).toBe(
      'Mo-Tu 08:00-12:00,13:00-17:00; We off; Th 08:00-12:00,13:00-17:00; Fr-Su off',
    );
    expect(screen.getByRole('status').textContent).toBe(
      "Copied Monday's hours to Tuesday and Thursday.",
    );
    expect(document.activeElement).toBe(copy);
    await user.click(copy);
    await user.keyboard('{Escape}');
    expect(copy.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(copy);
  });

  it('copies Monday to the other weekdays at once, and says so', async () => {
    const { last } = renderEditor({ hours: 'Mo 08:00-12:00,13:00-17:00; Tu-Su off' });
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Copy Monday to Tuesday–Friday' }));
    expect(last()?.hours).toBe('Mo-Fr 08:00-12:00,13:00-17:00; Sa-Su off');
    expect(screen.getByRole('status').textContent).toBe(
      "Copied Monday's hours to Tuesday, Wednesday, Thursday, and Friday.",
    );
  });

  it('adds and removes special dates, their date focused when added', async () => {
    const { last } = renderEditor({ hours: 'Mo-Fr 09:00-18:00; Sa-Su off' });
    const user = userEvent.setup();
    expect(screen.getByText('No special dates.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add special date' }));
    const entry = day('Special date 1');
    const date = within(entry).getByLabelText('Date');
    expect(document.activeElement).toBe(date);
    expect(date.getAttribute('aria-invalid')).toBe('true');
    await user.type(date, '2026-12-25');
    await user.type(within(entry).getByLabelText('Name (optional)'), 'Christmas Day');
    expect(last()?.specialHours).toEqual(['2026-12-25 off "Christmas Day"']);
    await user.selectOptions(within(entry).getByRole('combobox', { name: 'Hours' }), 'allDay');
    expect(last()?.specialHours).toEqual(['2026-12-25 00:00-24:00 "Christmas Day"']);
    await user.click(within(entry).getByRole('button', { name: 'Remove special date 1' }));
    expect(last()?.specialHours).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add special date' }));
  });

  it('offers the country’s zones first, and "from the store’s position" as none', async () => {
    const { last } = renderEditor({ hours: '24/7' });
    const select = screen.getByRole('combobox', { name: 'Time zone' });
    const groups = within(select).getAllByRole('group');
    expect(groups[0]?.getAttribute('label')).toBe('Time zones of United Kingdom');
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Europe/London']);
    await userEvent.setup().selectOptions(select, 'Asia/Tokyo');
    expect(last()?.timeZone).toBe('Asia/Tokyo');
    await userEvent.setup().selectOptions(select, '');
    expect(last()?.timeZone).toBeNull();
  });

  it('turns the hours off and on; shows the server’s reasons for the columns', async () => {
    const { last } = renderEditor(
      { hours: 'Mo-Fr 09:00-18:00', timeZone: 'Europe/London' },
      { errors: { timeZone: 'not an IANA time zone like Europe/London' } },
    );
    expect(screen.getByRole('combobox', { name: 'Time zone' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.getByText('not an IANA time zone like Europe/London')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'This store has opening hours' }));
    expect(last()).toEqual({ hours: null, specialHours: null, timeZone: null });
    expect(screen.queryByRole('group', { name: 'Monday' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'This store has opening hours' }));
    expect(last()?.hours).toBe('Mo-Fr 09:00-18:00; Sa-Su off');
  });

  it('reads a value it did not write afresh (another store), and says what it cannot read', () => {
    const { replace } = renderEditor({ hours: 'Mo-Fr 09:00-18:00' });
    replace({ hours: 'Mo-Su 10:00-16:00' });
    expect(within(day('Sunday')).getByLabelText('Opens')).toHaveProperty('value', '10:00');
    replace({ hours: 'Mo-Fr 09:00-18:00; PH off' });
    expect(screen.getByText(/The store's weekly hours could not be read/)).toBeTruthy();
  });

  it('disables every control while disabled', () => {
    renderEditor({ hours: 'Mo-Fr 09:00-18:00' }, { disabled: true });
    expect(screen.getByRole('group', { name: 'Opening hours' })).toHaveProperty('disabled', true);
  });

  it('passes axe’s checks', async () => {
    const { view } = renderEditor({
      hours: 'Mo-Fr 09:00-18:00; Sa-Su off',
      specialHours: ['2026-12-25 off'],
    });
    const result = await axe.run(view.container, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`),
    ).toEqual([]);
  }, 60_000);
});
