/**
 * The admin's plans (issue 65, docs/product.md 'Plans'): list, add or change a plan (console,
 * `npm run ops -- set-plan`). Each change is one transaction with its audit row (who, what,
 * when, before and after). A subscription keeps the terms it was bought with, so a change
 * reaches new subscriptions only.
 */
import type { z } from 'zod';
import type { PlanItem } from '../../src/shared/contract';
import { nairaToKobo } from '../../src/shared/money';
import type { planSchema } from '../../src/shared/schemas/plans';
import { type AuditActor, writeAudit } from '../db/audit';
import type { Db } from '../db/connection';
import { allPlans, lockPlan, type PlanEntry, upsertPlan } from '../db/plans';
import { toPlanItem } from '../payments/plan-item';
import { OpsError } from './commands';

/** A plan as the admin sees it: the API's shape (naira) with its place in the list and support's label. */
export type OpsPlan = PlanItem & { position: number; active: boolean; supportPriority: string | null };

export type PlanInput = z.output<typeof planSchema>;

const toOpsPlan = (plan: PlanEntry): OpsPlan => ({
  ...toPlanItem(plan),
  position: plan.position,
  active: plan.active,
  supportPriority: plan.supportPriority,
});

export async function listPlans(db: Db): Promise<OpsPlan[]> {
  return (await allPlans(db)).map(toOpsPlan);
}

/** Adds the plan or changes the one of that key. */
export async function savePlan(db: Db, input: PlanInput, actor: AuditActor, now = new Date()): Promise<OpsPlan> {
  return db.transaction(async (tx) => {
    const before = await lockPlan(tx, input.key);
    const saved = await upsertPlan(
      tx,
      {
        key: input.key,
        name: input.name,
        priceKobo: nairaToKobo(input.price),
        durationMonths: input.durationMonths,
        features: input.features,
        inclusions: input.inclusions.map((item) => ({
          service: item.service,
          amount: item.amount,
          unit: item.unit,
          label: item.label,
          ...(item.short ? { short: item.short } : {}),
        })),
        weeklyReports: input.weeklyReports,
        manager: input.manager,
        position: input.position,
        active: input.active,
        // Left out of the request: the plan keeps its label.
        supportPriority:
          input.supportPriority === undefined ? (before?.supportPriority ?? null) : input.supportPriority,
      },
      now,
    );
    await writeAudit(
      tx,
      actor,
      {
        action: before ? 'plan.update' : 'plan.add',
        subject: `plan:${input.key}`,
        before: before ? toOpsPlan(before) : null,
        after: toOpsPlan(saved),
      },
      now,
    );
    return toOpsPlan(saved);
  });
}

/** What `set-plan <plan> <what> <value>` may change. */
export const PLAN_FIELDS = ['price', 'months', 'name', 'include', 'offered', 'support'] as const;

/**
 * The plan with one change as `set-plan` writes it: price (naira), months, name, include
 * (`<service>=<amount>`; 0 removes it; a service not yet included takes the catalog's name and
 * unit word), offered (yes/no), support (the support inbox's label, 'none' for no priority).
 * Checked again by the plan's schema when saved.
 */
export function changedPlan(
  plan: OpsPlan,
  what: string,
  value: string,
  services: readonly { key: string; name: string; unitWord: string }[],
): PlanInput {
  const next: PlanInput = {
    key: plan.key,
    name: plan.name,
    price: plan.price,
    durationMonths: plan.durationMonths,
    features: plan.features,
    inclusions: plan.inclusions.map((item) => ({ ...item })),
    weeklyReports: plan.weeklyReports,
    manager: plan.manager,
    position: plan.position,
    active: plan.active,
    supportPriority: plan.supportPriority,
  };
  switch (what) {
    case 'price': {
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(value) || !(Number(value) > 0))
        throw new OpsError('invalid', 'The price must be a number of naira above 0, with at most 2 decimals');
      return { ...next, price: Number(value) };
    }
    case 'months': {
      if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > 24)
        throw new OpsError('invalid', 'The length must be a whole number of months from 1 to 24');
      return { ...next, durationMonths: Number(value) };
    }
    case 'name': {
      const name = value.trim();
      if (name.length < 1 || name.length > 60) throw new OpsError('invalid', 'The name must be 1 to 60 characters');
      return { ...next, name };
    }
    case 'support':
      // The schema checks the label's length and characters when the plan is saved.
      return { ...next, supportPriority: value.trim() === 'none' ? null : value };
    case 'offered': {
      if (value !== 'yes' && value !== 'no') throw new OpsError('invalid', 'offered must be yes or no');
      return { ...next, active: value === 'yes' };
    }
    case 'include': {
      const match = /^([a-z0-9-]{1,100})=(\d{1,5}(?:\.\d{1,2})?)$/.exec(value);
      if (!match) throw new OpsError('invalid', 'include takes <service>=<amount>, e.g. laundry=40 (0 removes it)');
      const [, service, text] = match as unknown as [string, string, string];
      const amount = Number(text);
      const at = next.inclusions.findIndex((item) => item.service === service);
      if (amount === 0) {
        if (at === -1) throw new OpsError('not-found', `The ${plan.name} plan does not include "${service}"`);
        next.inclusions.splice(at, 1);
      } else if (at !== -1) next.inclusions[at] = { ...next.inclusions[at]!, amount };
      else {
        const found = services.find((candidate) => candidate.key === service);
        if (!found) throw new OpsError('not-found', `No service with key "${service}"`);
        // In the service's own word ('40 kg laundry & dry cleaning'); the console edits the words.
        next.inclusions.push({ service, amount, unit: found.unitWord, label: found.name.toLowerCase() });
      }
      return next;
    }
    default:
      throw new OpsError('invalid', `set-plan changes one of: ${PLAN_FIELDS.join(', ')}`);
  }
}
