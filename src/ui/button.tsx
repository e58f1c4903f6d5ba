import type { ButtonHTMLAttributes } from 'react';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** A call under way: the button is disabled and says so (`busyText`) so a second press sends nothing. */
  busy?: boolean;
  busyText?: string;
}

/**
 * The one button of the three apps. Each app keeps its own look through `className`
 * ('button' in the client and the console, 'driver-button' in the driver's app); a plain
 * button is never a submit by accident (`type` defaults to 'button').
 */
export function Button({
  busy = false,
  busyText,
  type = 'button',
  className = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button type={type} className={className} disabled={disabled || busy} {...rest}>
      {busy && busyText ? busyText : children}
    </button>
  );
}
