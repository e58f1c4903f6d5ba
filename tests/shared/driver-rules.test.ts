import { describe, expect, it } from 'vitest';
import {
  ageText,
  driverShareKobo,
  lagosDayStart,
  lagosWeekStart,
  nextBatch,
  positionIntervalMs,
  secondsLeft,
  sendInOrder,
  signOutLoses,
  sumEarnings,
  type SendOutcome,
} from '../../src/shared/driver-rules';

describe("the offer's countdown", () => {
  const expiresAt = '2026-11-27T10:00:30.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts whole seconds up to expiresAt, rounded up, never below 0', () => {
    expect(secondsLeft(expiresAt, at('2026-11-27T10:00:00.000Z'))).toBe(30);
    expect(secondsLeft(expiresAt, at('2026-11-27T10:00:00.001Z'))).toBe(30);
    expect(secondsLeft(expiresAt, at('2026-11-27T10:00:29.500Z'))).toBe(1);
    expect(secondsLeft(expiresAt, at('2026-11-27T10:00:30.000Z'))).toBe(0);
    expect(secondsLeft(expiresAt, at('2026-11-27T10:05:00.000Z'))).toBe(0);
  });

  it('reads an unreadable expiry as expired', () => {
    expect(secondsLeft('not a date', 0)).toBe(0);
  });
});

describe('positions', () => {
  it('go every 10 s while a task is on the way and every 60 s otherwise', () => {
    expect(positionIntervalMs(true)).toBe(10_000);
    expect(positionIntervalMs(false)).toBe(60_000);
  });

  it('go out oldest first, at most a batch at a time', () => {
    const points = [{ id: 3 }, { id: 1 }, { id: 5 }, { id: 2 }];
    expect(nextBatch(points, 3).map((point) => point.id)).toEqual([1, 2, 3]);
    expect(nextBatch([], 500)).toEqual([]);
  });
});

describe('queued actions', () => {
  const queue = [
    { id: 2, name: 'arrived' },
    { id: 1, name: 'start' },
    { id: 3, name: 'complete' },
  ];

  it('are sent oldest first, each once', async () => {
    const sent: string[] = [];
    const results = await sendInOrder(queue, async (item) => {
      sent.push(item.name);
      return { kind: 'sent' };
    });
    expect(sent).toEqual(['start', 'arrived', 'complete']);
    expect(results.map(({ outcome }) => outcome.kind)).toEqual(['sent', 'sent', 'sent']);
  });

  it('stop at the first network failure: nothing overtakes what waits', async () => {
    const sent: string[] = [];
    const results = await sendInOrder(queue, async (item): Promise<SendOutcome> => {
      sent.push(item.name);
      return item.name === 'arrived' ? { kind: 'offline' } : { kind: 'sent' };
    });
    expect(sent).toEqual(['start', 'arrived']);
    expect(results.map(({ item, outcome }) => `${item.name}:${outcome.kind}`)).toEqual([
      'start:sent',
      'arrived:offline',
    ]);
  });

  it('go on past a refusal (the server judged it), and leave one refused before for the driver', async () => {
    const sent: string[] = [];
    const results = await sendInOrder(
      [...queue, { id: 0, name: 'refused before', refusal: 'Wrong confirmation code' }],
      async (item): Promise<SendOutcome> => {
        sent.push(item.name);
        return item.name === 'start'
          ? { kind: 'refused', message: 'This task cannot be started any more' }
          : { kind: 'sent' };
      },
    );
    expect(sent).toEqual(['start', 'arrived', 'complete']);
    expect(results[0]?.outcome).toEqual({ kind: 'refused', message: 'This task cannot be started any more' });
  });
});

describe('signing out with steps waiting', () => {
  it('counts the waiting steps, not the switch nor the refused ones', () => {
    expect(signOutLoses([])).toBeNull();
    expect(signOutLoses([{ kind: 'availability' }, { kind: 'start', refusal: 'Task not found' }])).toBeNull();
    expect(signOutLoses([{ kind: 'complete' }])).toBe(
      '1 change waits for the network and is lost if you sign out now.',
    );
    expect(signOutLoses([{ kind: 'arrived' }, { kind: 'message' }, { kind: 'availability' }])).toBe(
      '2 changes wait for the network and are lost if you sign out now.',
    );
  });
});

describe("a screen's age", () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  it('says how long ago the data came', () => {
    expect(ageText(now - 20_000, now)).toBe('Updated just now');
    expect(ageText(now - 5 * 60_000, now)).toBe('Updated 5 min ago');
    expect(ageText(now - 2 * 60 * 60_000, now)).toBe('Updated 2 h ago');
    expect(ageText(now - 24 * 60 * 60_000, now)).toBe('Updated 1 day ago');
    expect(ageText(now - 3 * 24 * 60 * 60_000, now)).toBe('Updated 3 days ago');
  });
});

describe('earnings', () => {
  // Thursday 26 Nov 2026, 10:00 in Lagos (09:00 UTC).
  const now = Date.parse('2026-11-26T09:00:00Z');

  it('start the day at midnight and the week on Monday, in Lagos (UTC+1)', () => {
    expect(new Date(lagosDayStart(now)).toISOString()).toBe('2026-11-25T23:00:00.000Z');
    expect(new Date(lagosWeekStart(now)).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    // 00:30 on Monday in Lagos is still Sunday in UTC: the new week has begun.
    const mondayEarly = Date.parse('2026-11-22T23:30:00Z');
    expect(lagosWeekStart(mondayEarly)).toBe(Date.parse('2026-11-22T23:00:00Z'));
    // 23:30 on Sunday in Lagos belongs to the week before.
    expect(lagosWeekStart(Date.parse('2026-11-22T22:30:00Z'))).toBe(Date.parse('2026-11-15T23:00:00Z'));
  });

  it("add today's and this week's completions in whole kobo", () => {
    const totals = sumEarnings(
      [
        { completedAt: Date.parse('2026-11-26T08:00:00Z'), earningsKobo: 367_500 },
        // 00:10 today in Lagos (still yesterday in UTC).
        { completedAt: Date.parse('2026-11-25T23:10:00Z'), earningsKobo: 105_000 },
        // Monday this week.
        { completedAt: Date.parse('2026-11-23T12:00:00Z'), earningsKobo: 50_050 },
        // Sunday last week, 23:30 in Lagos.
        { completedAt: Date.parse('2026-11-22T22:30:00Z'), earningsKobo: 99_999 },
        // Later than now (a clock ahead): not counted.
        { completedAt: Date.parse('2026-11-26T12:00:00Z'), earningsKobo: 1 },
      ],
      now,
    );
    expect(totals).toEqual({ today: { tasks: 2, kobo: 472_500 }, week: { tasks: 3, kobo: 522_550 } });
  });

  it("the driver's share is rounded to the kobo", () => {
    expect(driverShareKobo(525_000, 0.7)).toBe(367_500);
    expect(driverShareKobo(150_001, 0.7)).toBe(105_001);
  });
});
