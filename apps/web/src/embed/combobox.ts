/**
 * The place field of <store-locator>: a WAI-ARIA combobox with a list of suggestions, as on
 * the locator's own form (arrow keys move, Enter chooses, Escape closes; the count is
 * announced), fed by the web app's maps client (its debounce and cancelling).
 */
import type { Place } from '../lib/maps/schemas';
import type { Autocompleter } from '../lib/maps/client';
import { h } from './dom';
import type { Texts } from './texts';

let ids = 0;

export interface PlaceField {
  element: HTMLElement;
  input: HTMLInputElement;
  /** The suggestion chosen for the current text, if any. */
  chosen(): Place | undefined;
}

export function placeField(
  texts: Texts,
  autocompleter: Autocompleter,
  query: (q: string) => Parameters<Autocompleter['suggest']>[0],
  announce: (text: string) => void,
  initial: string,
): PlaceField {
  const id = ++ids;
  const listId = `place-list-${id}`;
  const inputId = `place-input-${id}`;
  const input = h('input', {
    id: inputId,
    type: 'text',
    role: 'combobox',
    autocomplete: 'off',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': listId,
    placeholder: texts.t('form.location.placeholder'),
    part: 'input',
  });
  input.value = initial;
  const list = h('ul', {
    id: listId,
    role: 'listbox',
    'aria-label': texts.t('form.location.suggestions.label'),
    hidden: true,
  });
  let places: Place[] = [];
  let active = -1;
  let chosen: Place | undefined;

  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const highlight = (index: number) => {
    active = index;
    [...list.children].forEach((el, i) => el.setAttribute('aria-selected', String(i === index)));
    if (index >= 0) input.setAttribute('aria-activedescendant', `${listId}-${index}`);
    else input.removeAttribute('aria-activedescendant');
  };
  const choose = (place: Place) => {
    chosen = place;
    input.value = place.formattedAddress;
    close();
  };
  const show = (found: Place[]) => {
    places = found;
    list.replaceChildren(
      ...found.map((place, i) => {
        const option = h(
          'li',
          { id: `${listId}-${i}`, role: 'option', 'aria-selected': 'false' },
          place.lines[0],
          place.lines[1] ? h('small', {}, place.lines[1]) : null,
        );
        option.addEventListener('mousedown', (e) => e.preventDefault());
        option.addEventListener('click', () => choose(place));
        return option;
      }),
    );
    if (found.length === 0) {
      close();
      return;
    }
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    highlight(-1);
    announce(texts.t('form.location.suggestions.status', { count: found.length }));
  };

  input.addEventListener('input', () => {
    chosen = undefined;
    const q = input.value.trim();
    if (q.length < 2) {
      autocompleter.cancel();
      show([]);
      return;
    }
    void autocompleter.suggest(query(q)).then((found) => {
      if (found && input.value.trim() === q) show(found);
    });
  });
  input.addEventListener('keydown', (e) => {
    if (list.hidden) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const from = active < 0 && step < 0 ? 0 : active;
      highlight((from + step + places.length) % places.length);
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      const place = places[active];
      if (place) choose(place);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  });
  input.addEventListener('blur', close);

  const element = h(
    'div',
    { class: 'field' },
    h('label', { for: inputId }, texts.t('form.location.label')),
    input,
    list,
  );
  return { element, input, chosen: () => chosen };
}
