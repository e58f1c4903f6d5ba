/**
 * A field's error shown beside it (the toast says it too, then goes): the input points at it
 * with aria-describedby and is marked aria-invalid, so a screen reader reads it with the field.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="auth-field-error">
      {message}
    </p>
  ) : null;
}

/** The input's attributes for an error shown by FieldError with this id. */
export function describedByError(id: string, message: string | undefined) {
  return message ? { 'aria-invalid': true, 'aria-describedby': id } : {};
}
