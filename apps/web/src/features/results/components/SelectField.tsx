import { useId, type ReactNode } from 'react';
import { FieldError } from './FieldError';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled dropdown with its error under it (PRODUCT.md#search-form country, carrier, narrow products). */
export function SelectField(props: {
  label: string;
  placeholder: string;
  value: string;
  options: readonly SelectOption[];
  error: string | undefined;
  name: string;
  onChange(value: string): void;
  onBlur(): void;
  children?: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`form-field form-field--${props.name}`}>
      <label htmlFor={id} className="form-field__label">
        {props.label}
      </label>
      <div className="select">
        <select
          id={id}
          name={props.name}
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          aria-required="true"
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={props.onBlur}
        >
          <option value="">{props.placeholder}</option>
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {props.children}
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}
