import { useId } from 'react';
import { ADDRESS_DETAILS_MAX_LENGTH } from '../../../shared/validation/address-details';
import { DETAILS_NEEDED } from './booking-rules';
import './address-details-field.css';

/**
 * 'Address details': house number and street, gate, landmark, what the driver needs to find
 * the right gate ('blue gate opposite the mosque'); optional, required at an approximate place.
 * At most 200 characters, the server's limit too.
 */
export function AddressDetailsField({
  value,
  onChange,
  required = false,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The place's label is approximate ('Near Yaba, Lagos'): the driver needs these. */
  required?: boolean;
}) {
  const id = useId();
  const missing = required && value.trim() === '';
  return (
    <div className="address-details">
      <label htmlFor={id} className="address-details-label">
        Address details {required ? null : <span className="address-details-optional">(optional)</span>}
      </label>
      <p id={`${id}-hint`} className={missing ? 'address-details-hint address-details-needed' : 'address-details-hint'}>
        {missing ? DETAILS_NEEDED : 'House number and street, gate, landmark: what helps the driver find you.'}
      </p>
      <textarea
        id={id}
        className="address-details-input"
        rows={3}
        maxLength={ADDRESS_DETAILS_MAX_LENGTH}
        placeholder="e.g. 22 Awolowo Way, blue gate opposite the mosque"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        aria-invalid={missing || undefined}
        aria-describedby={`${id}-hint ${id}-count`}
      />
      <p id={`${id}-count`} className="address-details-count">
        {value.length}/{ADDRESS_DETAILS_MAX_LENGTH}
      </p>
    </div>
  );
}
