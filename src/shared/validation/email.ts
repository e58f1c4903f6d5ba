/**
 * The one e-mail address rule (sign-up, login, recovery, profile edit; app and server).
 * Linear by construction: the length is checked first, the address is split at its one '@'
 * and the domain at its dots by plain string functions, and every pattern is a single
 * character class with one quantifier, so no input can make it backtrack.
 */
import { MAX_LENGTH } from '../limits';

const LOCAL_PART = /^[A-Za-z0-9_'+.-]+$/;
const DOMAIN_LABEL = /^[A-Za-z0-9-]+$/;
const TOP_LEVEL_DOMAIN = /^[A-Za-z]{2,63}$/;

function isDomainLabel(label: string): boolean {
  return label.length <= 63 && DOMAIN_LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-');
}

/** name@host.tld: letters, digits and _ ' + . - before the '@' (no dot first, last or twice), dotted labels after it. */
export function isEmailAddress(value: string): boolean {
  if (value.length > MAX_LENGTH.email) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  if (
    local.length > 64 ||
    !LOCAL_PART.test(local) ||
    local.startsWith('.') ||
    local.endsWith('.') ||
    local.includes('..')
  )
    return false;
  const labels = value.slice(at + 1).split('.');
  if (labels.length < 2 || !labels.every(isDomainLabel)) return false;
  return TOP_LEVEL_DOMAIN.test(labels[labels.length - 1] ?? '');
}
