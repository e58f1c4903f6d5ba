import { screen, waitFor } from '@testing-library/react';

/** The toast saying `text` (react-toastify renders each toast with role alert). */
export function findToast(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = screen
      .queryAllByRole('alert')
      .find((element) => element.classList.contains('Toastify__toast') && element.textContent?.includes(text));
    if (!toast) throw new Error(`no toast saying "${text}"`);
    return toast;
  });
}

/** The error shown beside a field: the text its input points at (aria-describedby), when marked invalid; null otherwise. */
export function fieldError(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = input.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
}
