/** The ops CLI prints what payers and clients chose: nothing of it may drive the operator's terminal. */
import { describe, expect, it } from 'vitest';
import { paymentsTable } from '../../server/ops/format';
import { printable, printableJson } from '../../server/printable';
import type { OpsPayment } from '../../server/payments/payment-commands';
import { runCli } from '../../server/ops/cli';

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const HOSTILE = 'pay\u001b[2J\u001b[H\u009b31mer\u202eevil\u2066\r\nFAKE LINE\u0007\u0000';

const payment = (overrides: Partial<OpsPayment>): OpsPayment => ({
  reference: 'ref-1',
  state: 'needs-attention' as OpsPayment['state'],
  reason: 'amount mismatch',
  purpose: 'task',
  amount: 1500,
  currency: 'NGN',
  payerEmail: null,
  client: null,
  wanted: null,
  since: '2030-01-01T10:00:00.000Z',
  attempts: 1,
  settledAt: null,
  settlement: null,
  ...overrides,
});

describe('what the ops CLI prints', () => {
  it('printable removes C0 (but line feed and tab), DEL, C1 and bidirectional controls', () => {
    expect(printable(HOSTILE)).toBe('pay[2J[H31merevil\nFAKE LINE');
    expect(printable('Chidi Okeke\tok\n')).toBe('Chidi Okeke\tok\n');
  });

  it('printable makes line and paragraph separators spaces and drops LRM, RLM and ALM; printableJson escapes them', () => {
    expect(printable('Ada\u2028Obi\u2029Eze\u200e\u200f\u061c')).toBe('Ada Obi Eze');
    const json = printableJson({ name: 'Ada\u2028\u202e\u009b' });
    expect(json).toBe('{\n  "name": "Ada\\u2028\\u202e\\u009b"\n}');
    expect(JSON.parse(json)).toEqual({ name: 'Ada\u2028\u202e\u009b' });
  });

  it('a table cell holds no control character and no line break, so a row cannot fake another', () => {
    const text = paymentsTable([payment({ payerEmail: HOSTILE, reason: HOSTILE, wanted: HOSTILE })]);
    expect(text).not.toMatch(CONTROL);
    expect(text.split('\n')).toHaveLength(3);
  });

  it("every line the CLI writes is cleaned, errors included (a usage error echoing the operator's argument)", async () => {
    const written: string[] = [];
    await runCli([`\u001b]0;owned\u0007${HOSTILE}`], {
      env: {},
      out: (text) => written.push(text),
      err: (text) => written.push(text),
    });
    expect(written.length).toBeGreaterThan(0);
    for (const text of written) expect(text).not.toMatch(CONTROL);
  });
});
