import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  OPEN_NOW_FILTER,
  SERVICE_CHIP,
  type FilterGroup,
  type FilterPanel as Panel,
} from '@locator/core';

/** Delay before focus moves to the first revealed checkbox (PRODUCT.md#results-page, #paging-and-timing). */
export const FILTER_FOCUS_DELAY_MS = 550;

export interface FiltersProps {
  /** The filter toggle (focus goes there after "reset filters"). */
  toggleRef?: Ref<HTMLButtonElement>;
  panel: Panel;
  selected: readonly string[];
  brand: string;
  activeCount: number;
  /** The reset announcement (cleared after 4 s by the owner). */
  announcement: string;
  onToggle(key: string): void;
  onReset(): void;
}

/**
 * The filter toggle with its active count, "reset filters", and the panel (PRODUCT.md#results-page): "Open now" in a group of its own, the first group (rules in @locator/core
 * filterPanel), then "More filters" revealing
 * the further groups with focus moving to the first new checkbox after 550 ms.
 */
export function Filters({ toggleRef, ...props }: FiltersProps) {
  const { t } = useTranslation('result');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [more, setMore] = useState(false);
  const moreRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { hours, first, more: moreGroups } = props.panel;
  if (!hours && !first && moreGroups.length === 0) return null;

  const revealMore = () => {
    const next = !more;
    setMore(next);
    clearTimeout(timer.current);
    if (next) {
      timer.current = setTimeout(() => {
        moreRef.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
      }, FILTER_FOCUS_DELAY_MS);
    }
  };

  return (
    <div className="filters">
      <div className="filters__bar">
        <button
          ref={toggleRef}
          type="button"
          className="filters__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((o) => !o)}
        >
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M3 5h14M6 10h8M8.5 15h3"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          {props.activeCount > 0
            ? t('filters.toggleCount', { count: props.activeCount })
            : t('filters.toggle')}
        </button>
        <button
          type="button"
          className="link-button filters__reset"
          onClick={props.onReset}
          disabled={props.activeCount === 0}
        >
          {t('filters.reset')}
        </button>
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {props.announcement}
      </div>
      <div
        id={`${id}-panel`}
        className="filters__panel"
        role="group"
        aria-label={t('filters.panelLabel')}
        hidden={!open}
      >
        {/* Written when the panel opens, as the further groups are when revealed: a closed
            panel is neither seen nor read out (docs/ARCHITECTURE.md "In the browser"). */}
        {open && hours ? <Group group={hours} {...props} /> : null}
        {open && first ? <Group group={first} {...props} /> : null}
        {open && moreGroups.length > 0 ? (
          <>
            <div ref={moreRef} hidden={!more} className="filters__more">
              {more ? moreGroups.map((g) => <Group key={g.filterId} group={g} {...props} />) : null}
            </div>
            <button
              type="button"
              className="link-button filters__more-toggle"
              aria-expanded={more}
              onClick={revealMore}
            >
              {more ? t('filters.less') : t('filters.more')}
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}

function Group({
  group,
  selected,
  brand,
  onToggle,
}: { group: FilterGroup } & Pick<FiltersProps, 'selected' | 'onToggle' | 'brand'>) {
  const { t } = useTranslation('result');
  const label = (item: FilterGroup['filterData'][number]): string => {
    if (item.code === SERVICE_CHIP.code && item.id === SERVICE_CHIP.id) {
      return t('filters.serviceChip');
    }
    if (item.code === OPEN_NOW_FILTER && item.id === OPEN_NOW_FILTER) return t('filters.openNow');
    if (group.filterId === 'badges')
      return t(`badges.${item.code}.name`, { brand, defaultValue: item.title });
    if (group.filterId === 'specialties')
      return t(`specialties.${item.code}`, { defaultValue: item.title });
    return item.title;
  };
  return (
    <fieldset className="filter-group" data-filter-group={group.filterId}>
      <legend>{t(`filters.groups.${group.filterId}`, { defaultValue: group.filterId })}</legend>
      <ul className="filter-group__chips">
        {group.filterData.map((item) => (
          <li key={item.code}>
            <label className="chip">
              <input
                type="checkbox"
                checked={selected.includes(item.code)}
                onChange={() => onToggle(item.code)}
              />
              <span>{label(item)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
