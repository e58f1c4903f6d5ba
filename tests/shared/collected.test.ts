/** What was collected, in the words every screen uses (src/shared/collected.ts, docs/lifecycle.md). */
import { describe, expect, it } from 'vitest';
import {
  collectedText,
  completedText,
  extraAskText,
  taskPaidNaira,
  taskQuantityText,
} from '../../src/shared/collected';
import { receiptPaymentLines, receiptQuantityLine } from '../../src/shared/receipt-lines';
import { sampleTask } from '../sample-data';
import type { Receipt } from '../../src/shared/contract';

describe('the extra and the collected quantity', () => {
  it('asks for the extra as the client reads it', () => {
    expect(extraAskText('5 kg', '3 kg', 300_000)).toBe(
      'Your driver weighed 5 kg (you booked 3 kg): pay ₦3,000.00 more, or the driver takes 3 kg',
    );
  });

  it('says what was collected against the booking', () => {
    const facts = { unit: 'per kg', booked: 3, refundKobo: 0, extraPaidKobo: 0 };
    expect(collectedText({ ...facts, collected: 3 })).toBe('3 kg');
    expect(collectedText({ ...facts, collected: 2, refundKobo: 150_000 })).toBe(
      '2 kg (booked 3 kg, ₦1,500.00 refunded)',
    );
    expect(collectedText({ ...facts, collected: 5, extraPaidKobo: 300_000 })).toBe(
      '5 kg (booked 3 kg, ₦3,000.00 extra paid)',
    );
    expect(completedText('per kg', 2)).toBe('Completed: 2 kg collected');
    expect(completedText('per pickup', 1)).toBe('Completed');
  });

  it('a completed task in the lists: what was collected and what was paid for it', () => {
    const weighed = sampleTask({
      status: 'completed',
      unit: 'per kg',
      quantity: 3,
      amount: 4500,
      collectedQuantity: 2,
      refund: { status: 'refunded', amount: 1500, updatedAt: '2026-12-07T10:00:00.000Z' },
    });
    expect(taskQuantityText(weighed)).toBe('2 kg (booked 3 kg, ₦1,500.00 refunded)');
    expect(taskPaidNaira(weighed)).toBe(3000);
    const extra = sampleTask({
      status: 'completed',
      unit: 'per kg',
      quantity: 3,
      amount: 4500,
      collectedQuantity: 5,
      extra: { quantity: 2, amount: 3000, coveredQuantity: 0, status: 'paid' },
    });
    expect(taskQuantityText(extra)).toBe('5 kg (booked 3 kg, ₦3,000.00 extra paid)');
    expect(taskPaidNaira(extra)).toBe(7500);
    // A cancelled task's refund is the booking's, not a weighing's: the list says what was booked.
    const cancelled = sampleTask({
      status: 'cancelled',
      unit: 'per kg',
      quantity: 3,
      amount: 4500,
      refund: { status: 'pending', amount: 4500, updatedAt: '2026-12-07T10:00:00.000Z' },
    });
    expect(taskQuantityText(cancelled)).toBe('3 kg');
    expect(taskPaidNaira(cancelled)).toBe(4500);
  });
});

describe("the receipt's lines each from their own record", () => {
  const receipt = (overrides: Partial<Receipt>): Receipt => ({
    company: { name: 'GreenPick', supportEmail: 'support@greenpick.ng' },
    taskId: 't1',
    reference: 'ref',
    serviceName: 'Recycling Collection',
    unit: 'per kg',
    quantity: 2,
    bookedQuantity: 3,
    unitPrice: 1500,
    total: 3000,
    covered: null,
    points: 0,
    paid: 4500,
    extraPaid: 0,
    refunded: 1500,
    vatIncluded: 209.3,
    vatRate: 0.075,
    paidAt: '2026-12-07T10:00:00.000Z',
    paymentMethod: 'Card',
    clientName: 'Ada Obi',
    address: 'Surulere',
    status: 'completed',
    completedAt: '2026-12-07T11:00:00.000Z',
    refund: null,
    ...overrides,
  });

  it('2 kg of 3: the card, then the refund, adding up to the total', () => {
    const weighed = receipt({});
    expect(receiptQuantityLine(weighed)).toBe('2 kg x ₦1,500.00 = ₦3,000.00 (booked 3 kg, ₦1,500.00 refunded)');
    expect(receiptPaymentLines(weighed)).toEqual(['Card: ₦4,500.00', 'Refunded: -₦1,500.00']);
  });

  it('5 kg of 3: the card, then the extra paid at the door', () => {
    const extra = receipt({ quantity: 5, total: 7500, extraPaid: 3000, refunded: 0 });
    expect(receiptQuantityLine(extra)).toBe('5 kg x ₦1,500.00 = ₦7,500.00 (booked 3 kg, ₦3,000.00 extra paid)');
    expect(receiptPaymentLines(extra)).toEqual(['Card: ₦4,500.00', 'Extra paid at the door: ₦3,000.00']);
  });

  it('as booked: the line the receipt always had', () => {
    expect(receiptQuantityLine(receipt({ quantity: 3, total: 4500, refunded: 0 }))).toBe(
      '3 kg x ₦1,500.00 (per kg) = ₦4,500.00',
    );
  });
});
