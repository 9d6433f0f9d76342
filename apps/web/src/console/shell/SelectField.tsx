/**
 * A labelled select of the console's filters: an optional first choice for "any" (the empty
 * value), then the given choices. It applies when changed (the filters' forms say so).
 */
export interface SelectChoice {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  choices: readonly SelectChoice[];
  /** The label of the first choice, the empty value (none: no such choice). */
  any?: string;
  onChange: (value: string) => void;
}

export function SelectField({ id, label, value, choices, any, onChange }: SelectFieldProps) {
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {any === undefined ? null : <option value="">{any}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
