/**
 * Choosing the import file: a labelled file input (keyboard and screen readers), and the same
 * area takes a file dropped on it.
 */
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

export function FilePicker({
  file,
  onFile,
  disabled,
}: {
  file: File | undefined;
  onFile: (file: File) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };
  return (
    <div
      className={`import-drop${over ? ' import-drop--over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <label htmlFor={id} className="import-drop__label">
        {t('imports.file.label')}
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,.json,.ndjson,.jsonl,text/csv,application/json,application/x-ndjson"
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onFile(chosen);
        }}
      />
      <p id={`${id}-hint`} className="import-drop__hint">
        {t('imports.file.hint')}
      </p>
      {file ? (
        <p className="import-drop__chosen">
          {t('imports.file.chosen', { name: file.name, size: file.size.toLocaleString() })}
        </p>
      ) : null}
    </div>
  );
}
