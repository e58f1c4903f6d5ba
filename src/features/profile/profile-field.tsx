import type { UseFormRegisterReturn } from 'react-hook-form';
import '../../ui/text-input.css';

interface ProfileFieldProps {
  /** `register(name)` of the edit form (react-hook-form): name, value through the ref, changes. */
  field: UseFormRegisterReturn;
  label: string;
  error?: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  /** A line under the label, read with the field. */
  hint?: string;
  multiline?: boolean;
  placeholder?: string;
  autoComplete?: string;
  /** The server's limit for the field (src/shared/limits.ts). */
  maxLength: number;
}

/** A labelled input (or textarea) with its error announced beside it. */
export function ProfileField({
  field,
  label,
  error,
  type = 'text',
  multiline,
  placeholder,
  hint,
  autoComplete,
  maxLength,
}: ProfileFieldProps) {
  const id = `profile-${field.name}`;
  const errorId = `${id}-error`;
  const common = {
    ...field,
    id,
    placeholder,
    autoComplete,
    maxLength,
    className: 'text-input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? `${id}-hint` : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined,
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
