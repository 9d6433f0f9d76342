/**
 * A labelled input of the hours editor (a time, a special date, its name): its label (shown,
 * or only named to assistive technologies in the compact week: the shared visually-hidden
 * rule of components.css, which the console loads with its spinner), its problem in words above
 * it, and `aria-invalid` and `aria-describedby` pointing at that problem and any other
 * descriptions (a day's overlap, "closes the next day").
 */
import type { InputHTMLAttributes } from 'react';

export interface HoursInputProps {
  id: string;
  label: string;
  /** The label is for assistive technologies only (the row says what the input is). */
  hideLabel?: boolean;
  type: 'time' | 'date' | 'text';
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** Its own problem, in words (shown above it). */
  error?: string;
  /** Whether it is invalid for another reason too (a problem of its whole day). */
  invalid?: boolean;
  /** Ids of further descriptions. */
  describedBy?: (string | undefined)[];
  maxLength?: InputHTMLAttributes<HTMLInputElement>['maxLength'];
  className?: string;
}

export function HoursInput({
  id,
  label,
  hideLabel = false,
  type,
  value,
  onChange,
  disabled,
  error,
  invalid = false,
  describedBy = [],
  maxLength,
  className,
}: HoursInputProps) {
  const errorId = `${id}-error`;
  const described = [error ? errorId : undefined, ...describedBy].filter(Boolean).join(' ');
  return (
    <span className={className ?? 'hours-input'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {error ? (
        <span className="console-field__error" id={errorId}>
          {error}
        </span>
      ) : null}
      <input
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        disabled={disabled}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </span>
  );
}
