import type { ComponentPropsWithRef } from 'react';
import { MAX_LENGTH } from '../../shared/limits';
import { FieldError, describedByError } from './field-error';

type EmailFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'id'> & {
  id: string;
  error?: string;
  /** The id of an error another field shows for both (the login form's one error); without it the error is shown here. */
  sharedErrorId?: string;
};

/** The labelled 'Email Address' input of the login, sign-up and recovery forms, with its error beside it. */
export function EmailField({ id, error, sharedErrorId, ...input }: EmailFieldProps) {
  const errorId = sharedErrorId ?? `${id}-error`;
  return (
    <div className="auth-field">
      <label htmlFor={id}>Email Address</label>
      <input
        id={id}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={MAX_LENGTH.email}
        {...input}
        {...describedByError(errorId, error)}
      />
      {sharedErrorId ? null : <FieldError id={errorId} message={error} />}
    </div>
  );
}
