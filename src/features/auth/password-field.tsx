import { useId, useState, type InputHTMLAttributes } from 'react';
import './auth-fields.css';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & { label: string };

/** A labelled password input with a show/hide toggle that says what it will do. */
export function PasswordField({ label, className, ...input }: PasswordFieldProps) {
  const id = useId();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className={className ? `auth-field ${className}` : 'auth-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input id={id} type={isVisible ? 'text' : 'password'} {...input} />
        <button type="button" className="password-toggle" aria-controls={id} aria-label={`${isVisible ? 'Hide' : 'Show'} ${label.toLowerCase()}`} onClick={() => setIsVisible((shown) => !shown)}>
          {isVisible ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}
