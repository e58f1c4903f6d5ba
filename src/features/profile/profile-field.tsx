import type { ChangeEvent } from 'react';
import '../../ui/text-input.css';

interface ProfileFieldProps {
  name: string;
  label: string;
  value: string;
  error?: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  /** A line under the label, read with the field. */
  hint?: string;
  multiline?: boolean;
  placeholder?: string;
  autoComplete?: string;
  /** The server's limit for the field (src/shared/limits.ts). */
  maxLength: number;
  onChange: (name: string, value: string) => void;
}

/** A labelled input (or textarea) with its error announced beside it. */
export function ProfileField({
  name,
  label,
  value,
  error,
  type = 'text',
  multiline,
  placeholder,
  hint,
  autoComplete,
  maxLength,
  onChange,
}: ProfileFieldProps) {
  const id = `profile-${name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    value,
    placeholder,
    autoComplete,
    maxLength,
    className: 'text-input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? `${id}-hint` : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(name, event.target.value),
  };
  return (
    <div className={multiline ? 'profile-field profile-field-wide' : 'profile-field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="profile-field-hint">
          {hint}
        </p>
      ) : null}
      {multiline ? <textarea rows={4} {...common} /> : <input type={type} {...common} />}
      {error ? (
        <p id={errorId} className="profile-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
