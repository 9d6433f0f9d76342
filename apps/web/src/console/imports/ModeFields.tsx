/** The import's mode: add and update, or sync (also removes) with its removal threshold. */
import { useTranslation } from 'react-i18next';
import type { ImportSettings } from './import-file';

export function ModeFields({
  settings,
  onChange,
  disabled,
}: {
  settings: ImportSettings;
  onChange: (settings: ImportSettings) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<ImportSettings>) => onChange({ ...settings, ...patch });
  return (
    <fieldset className="import-mode" disabled={disabled}>
      <legend>{t('imports.mode.legend')}</legend>
      <label className="import-mode__option">
        <input
          type="radio"
          name="import-mode"
          checked={settings.mode === 'upsert'}
          onChange={() => set({ mode: 'upsert' })}
        />
        <span>{t('imports.mode.upsert')}</span>
      </label>
      <label className="import-mode__option">
        <input
          type="radio"
          name="import-mode"
          checked={settings.mode === 'sync'}
          onChange={() => set({ mode: 'sync' })}
        />
        <span>{t('imports.mode.sync')}</span>
      </label>
      {settings.mode === 'sync' ? (
        <div className="import-mode__threshold">
          <label>
            <span>{t('imports.mode.maxRemoval')}</span>{' '}
            <input
              type="number"
              min={0}
              max={100}
              step={1}
              inputMode="numeric"
              value={settings.maxRemovalPercent}
              disabled={settings.allowRemoval}
              onChange={(e) =>
                set({ maxRemovalPercent: Math.min(100, Math.max(0, Number(e.target.value) || 0)) })
              }
            />{' '}
            <span>{t('imports.mode.percent')}</span>
          </label>
          <label className="import-mode__option">
            <input
              type="checkbox"
              checked={settings.allowRemoval}
              onChange={(e) => set({ allowRemoval: e.target.checked })}
            />
            <span>{t('imports.mode.allowRemoval')}</span>
          </label>
        </div>
      ) : null}
    </fieldset>
  );
}
