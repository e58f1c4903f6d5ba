// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CodeInput } from '../../../src/features/auth/code-input';

function Harness() {
  const [digits, setDigits] = useState(['', '', '', '']);
  return (
    <>
      <CodeInput digits={digits} onChange={setDigits} />
      <output>{digits.join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 4` }) as HTMLInputElement;
const code = () => document.querySelector('output')?.textContent;

afterEach(cleanup);

describe('the verification code boxes (recovery rule: "digits only, one per box, and focus moves to the next box on entry")', () => {
  it('four labelled numeric boxes', () => {
    render(<Harness />);
    for (const n of [1, 2, 3, 4]) expect(box(n).getAttribute('inputmode')).toBe('numeric');
  });

  it('a digit fills the box and moves focus to the next one', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: '5' } });
    expect(box(1).value).toBe('5');
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '0' } });
    expect(document.activeElement).toBe(box(3));
    expect(code()).toBe('50');
  });

  it('typing over a box the digit it already holds moves on too (a code typed again after a wrong one)', () => {
    render(<Harness />);
    for (const n of [1, 2, 3, 4]) fireEvent.change(box(n), { target: { value: '1' } });
    expect(code()).toBe('1111');
    // The right code, 1315, shares the wrong one's digit in boxes 1 and 3: the key changes no
    // value there (no change event), and focus still moves on; the box keeps its digit.
    box(1).focus();
    expect(fireEvent.keyDown(box(1), { key: '1' })).toBe(false);
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '3' } });
    expect(document.activeElement).toBe(box(3));
    expect(fireEvent.keyDown(box(3), { key: '1' })).toBe(false);
    expect(document.activeElement).toBe(box(4));
    fireEvent.change(box(4), { target: { value: '5' } });
    expect(code()).toBe('1315');
    // A different digit is left to the box itself (its change event).
    box(2).focus();
    expect(fireEvent.keyDown(box(2), { key: '7' })).toBe(true);
    expect(document.activeElement).toBe(box(2));
  });

  it('a letter is not accepted and focus stays', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: 'x' } });
    expect(box(1).value).toBe('');
    expect(document.activeElement).toBe(box(1));
  });

  it('Backspace in an empty box moves back and clears the previous digit', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '9' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.keyDown(box(2), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(1));
    expect(code()).toBe('');
  });

  it('pasting a 4-digit code fills all boxes', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => ' 0427 ' } });
    expect([1, 2, 3, 4].map((n) => box(n).value)).toEqual(['0', '4', '2', '7']);
    expect(document.activeElement).toBe(box(4));
  });

  it('a one-time-code autofill of the whole code into one box fills all boxes', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '1234' } });
    expect(code()).toBe('1234');
  });
});
