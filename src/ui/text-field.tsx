import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  /** The field's own problem: marks it invalid and is read with it. */
  error?: string | null;
  errorClassName?: string;
  /** react-hook-form's `register(name)` passes its ref through here. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input (the label wraps the input, as the console's and the driver's forms
 * lay it out), with its error announced beside it. Spread `register('name')` of
 * react-hook-form into it, or give `value`/`onChange`.
 */
export function TextField({ label, error, errorClassName, id, ref, ...input }: TextFieldProps) {
  const ownId = useId();
  const errorId = `${id ?? ownId}-error`;
  return (
    <>
      <label>
        {label}
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
      </label>
      {error ? (
        <p id={errorId} role="alert" className={errorClassName}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A form's problem as a whole (a refused call, no network): announced when it appears. */
export function FormError({ message, className }: { message: string | null | undefined; className?: string }) {
  return message ? (
    <p role="alert" className={className}>
      {message}
    </p>
  ) : null;
}
