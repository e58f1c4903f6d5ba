import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { describedByError } from './field-error';
import { RESET_CODE_LENGTH, boxDigit, pastedCode } from './recovery-rules';

/**
 * The verification code as four one-digit boxes (docs/product.md, Recovery): digits only, focus moves
 * to the next box on entry and back on Backspace in an empty box, and pasting a 4-digit
 * code fills every box.
 */
export function CodeInput({
  digits,
  onChange,
  disabled,
  error,
  errorId,
}: {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  error?: string;
  errorId?: string;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(RESET_CODE_LENGTH - 1, index))]?.focus();

  const enter = (index: number, typed: string) => {
    // One-time-code autofill puts the whole code into one box.
    const whole = pastedCode(typed);
    if (whole) {
      onChange(whole);
      focusBox(RESET_CODE_LENGTH - 1);
      return;
    }
    const digit = boxDigit(typed);
    const next = digits.slice();
    next[index] = digit;
    onChange(next);
    if (digit && index < RESET_CODE_LENGTH - 1) focusBox(index + 1);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      const next = digits.slice();
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (/^[0-9]$/.test(event.key) && digits[index] === event.key && index < RESET_CODE_LENGTH - 1) {
      // Typing over a box the digit it already holds (a code typed again after a wrong one)
      // changes no value, so no change event would move focus on: move it here.
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === 'ArrowLeft') {
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      focusBox(index + 1);
    }
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const code = pastedCode(event.clipboardData.getData('text'));
    // Anything but a whole code goes through the box's own digit filter.
    if (!code) return;
    event.preventDefault();
    onChange(code);
    focusBox(RESET_CODE_LENGTH - 1);
  };

  return (
    <fieldset className="code-input" disabled={disabled}>
      <legend>Verification code</legend>
      <div className="code-boxes">
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes never reorder: the index is their identity.
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className="code-box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            maxLength={RESET_CODE_LENGTH}
            aria-label={`Digit ${index + 1} of ${RESET_CODE_LENGTH}`}
            {...(errorId ? describedByError(errorId, error) : {})}
            value={digit}
            onChange={(event) => enter(index, event.target.value)}
            onKeyDown={(event) => keyDown(index, event)}
            onPaste={paste}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
    </fieldset>
  );
}
