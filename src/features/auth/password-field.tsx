import { useId, useState, type ComponentPropsWithRef } from 'react';
import { FieldError, describedByError } from './field-error';
import './auth-fields.css';

type PasswordFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  label: string;
  error?: string;
  /** The error's element id, when another field points at the same error. */
  errorId?: string;
};

/** A labelled password input with a show/hide toggle that says what it will do, and its error beside it. */
export function PasswordField({
  label,
  className,
  error,
  errorId: givenErrorId,
  id: givenId,
  ...input
}: PasswordFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorId = givenErrorId ?? `${id}-error`;
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className={className ? `auth-field ${className}` : 'auth-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input id={id} type={isVisible ? 'text' : 'password'} {...input} {...describedByError(errorId, error)} />
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          aria-label={`${isVisible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          onClick={() => setIsVisible((shown) => !shown)}
        >
          {isVisible ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
