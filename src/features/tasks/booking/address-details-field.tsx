import { useId } from 'react';
import { ADDRESS_DETAILS_MAX_LENGTH } from '../../../shared/validation/address-details';
import './address-details-field.css';

/**
 * 'Address details' (optional): house number and street, gate, landmark, what the driver
 * needs to find the right gate ('blue gate opposite the mosque'). At most 200 characters, the
 * server's limit too.
 */
export function AddressDetailsField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="address-details">
      <label htmlFor={id} className="address-details-label">
        Address details <span className="address-details-optional">(optional)</span>
      </label>
      <p id={`${id}-hint`} className="address-details-hint">
        House number and street, gate, landmark: what helps the driver find you.
      </p>
      <textarea
        id={id}
        className="address-details-input"
        rows={3}
        maxLength={ADDRESS_DETAILS_MAX_LENGTH}
        placeholder="e.g. 22 Awolowo Way, blue gate opposite the mosque"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint ${id}-count`}
      />
      <p id={`${id}-count`} className="address-details-count">
        {value.length}/{ADDRESS_DETAILS_MAX_LENGTH}
      </p>
    </div>
  );
}
