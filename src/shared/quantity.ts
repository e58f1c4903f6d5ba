/**
 * How much of a service a booking asks for (docs/product.md, Create task): services priced per
 * kg, item, hour or load ask how many before payment; per pickup asks nothing (quantity 1).
 * Shared by the booking screen and the server, which refuses a quantity out of range.
 */

export interface QuantityRule {
  /** The question: 'How many kg?'. */
  label: string;
  min: number;
  max: number;
  step: number;
  /** The unit after a number: '3 kg', '2 items'. */
  unitWord: string;
}

const RULES: Readonly<Record<string, QuantityRule>> = {
  'per kg': { label: 'How many kg?', min: 1, max: 200, step: 0.5, unitWord: 'kg' },
  'per item': { label: 'How many items?', min: 1, max: 50, step: 1, unitWord: 'items' },
  'per hour': { label: 'How many hours?', min: 1, max: 12, step: 1, unitWord: 'hours' },
  'per load': { label: 'How many loads?', min: 1, max: 10, step: 1, unitWord: 'loads' },
};

/** The question a unit asks, or null for 'per pickup' (and any unit we do not count). */
export function quantityRule(unit: string): QuantityRule | null {
  return RULES[unit.trim().toLowerCase()] ?? null;
}

/** A service's quantity rule as the catalog gives it (the price list's items; null: one at a time). */
export interface CatalogQuantity {
  unit: string;
  unitWord?: string;
  /** Absent in a price list kept from before the catalog: the unit's rule then. */
  quantity?: { min: number; max: number; step: number } | null;
}

/** The question a service asks: the catalog's rule, or the unit's for a list kept from before it. */
export function serviceQuantityRule(service: CatalogQuantity): QuantityRule | null {
  if (service.quantity === undefined) return quantityRule(service.unit);
  if (service.quantity === null) return null;
  const unitWord = service.unitWord?.trim() || service.unit.replace(/^per\s+/i, '').trim();
  return { label: `How many ${unitWord}?`, ...service.quantity, unitWord };
}

/** Why `quantity` cannot be booked for `unit`, or null when it can (per pickup: only 1). */
export function quantityProblem(unit: string, quantity: number): string | null {
  return ruleProblem(quantityRule(unit), quantity);
}

/** Why `quantity` cannot be booked under `rule`, or null when it can (no rule: only 1). */
export function ruleProblem(rule: QuantityRule | null, quantity: number): string | null {
  if (!Number.isFinite(quantity)) return 'Quantity must be a number';
  if (!rule) return quantity === 1 ? null : 'This service is booked one pickup at a time';
  if (quantity < rule.min || quantity > rule.max)
    return `Quantity must be from ${rule.min} to ${rule.max} ${rule.unitWord}`;
  // Whole steps only (0.5 kg steps are exact in binary).
  if (!Number.isInteger(quantity / rule.step))
    return rule.step === 1
      ? `Quantity must be a whole number of ${rule.unitWord}`
      : `Quantity must be in steps of ${rule.step} ${rule.unitWord}`;
  return null;
}

/** '3 kg', '1 item', '2 hours'. */
export function quantityText(unit: string, quantity: number): string {
  const rule = quantityRule(unit);
  if (!rule) return '';
  const word = quantity === 1 && rule.unitWord.endsWith('s') ? rule.unitWord.slice(0, -1) : rule.unitWord;
  return `${quantity} ${word}`;
}

/** The largest whole number of `step`s in `amount` (a plan's 2.3 kg left covers 2 kg at 0.5 kg steps). */
export function wholeSteps(amount: number, step: number): number {
  return Math.floor(amount / step) * step;
}

/**
 * What a driver may record as weighed or counted at the door (docs/lifecycle.md): per kg to one
 * decimal, from 0.1 kg to the service's maximum; items whole. Other units are done as booked
 * (null: nothing to measure).
 */
export function measureRule(unit: string): { step: number; min: number; max: number; unitWord: string } | null {
  const rule = quantityRule(unit);
  if (!rule) return null;
  if (rule.unitWord === 'kg') return { step: 0.1, min: 0.1, max: rule.max, unitWord: 'kg' };
  if (rule.unitWord === 'items') return { step: 1, min: 1, max: rule.max, unitWord: 'items' };
  return null;
}

/** Why `quantity` cannot be recorded as weighed or counted for `unit`, or null when it can. */
export function measureProblem(unit: string, quantity: number): string | null {
  const rule = measureRule(unit);
  if (!rule) return 'This service is done as booked: it is not weighed or counted';
  if (!Number.isFinite(quantity) || quantity < rule.min)
    return `quantity must be at least ${rule.min} ${rule.unitWord === 'items' ? 'item' : rule.unitWord}`;
  if (quantity > rule.max) return `quantity must be at most ${rule.max} ${rule.unitWord}`;
  // Tenths of a kg, compared in whole tenths (0.1 is not exact in binary).
  const steps = quantity / rule.step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9)
    return rule.step === 1
      ? `quantity must be a whole number of ${rule.unitWord}`
      : 'quantity must have at most one decimal';
  return null;
}

/** A measured quantity in its steps, free of binary noise (2.3000000000000003 -> 2.3). */
export function roundToStep(quantity: number, step: number): number {
  return Number((Math.round(quantity / step) * step).toFixed(3));
}

/** Whether a quantity (kg, items, hours; never money: money.ts) is finite with at most two decimals. */
export function hasAtMostTwoDecimals(quantity: number): boolean {
  return Number.isFinite(quantity) && /^-?\d+(\.\d{1,2})?$/.test(String(quantity));
}
