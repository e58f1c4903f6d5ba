/** 'Call Driver': the alert when the driver has no phone (docs/product.md, Driver and chat). */
export const NO_DRIVER_PHONE = 'Driver phone number not available';

/** The `tel:` link that dials the driver: digits and a leading plus only; null when there is no number. */
export function telHref(phone: string | null | undefined): string | null {
  const trimmed = (phone ?? '').trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** 'First Last' of the task's driver; '' when there is none. */
export function driverName(driver: { firstname?: string; lastname?: string } | null | undefined): string {
  return [driver?.firstname, driver?.lastname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
