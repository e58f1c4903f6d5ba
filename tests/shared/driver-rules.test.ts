import { describe, expect, it } from 'vitest';
import {
  photoSize,
  ageText,
  clockOffsetMs,
  driverShareKobo,
  isMoving,
  lagosDayStart,
  lagosWeekStart,
  sumHistory,
  nextBatch,
  positionIntervalMs,
  positionSendMs,
  quantityText,
  secondsLeft,
  sendInOrder,
  signOutLoses,
  type SendOutcome,
} from '../../src/shared/driver-rules';

describe("the offer's countdown", () => {
  const expiresAt = '2026-11-27T10:00:30.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts whole seconds up to expiresAt, rounded down (never more than is left), never below 0', () => {
    expect(secondsLeft(expiresAt, at('2026-11-27T10:00:00.000Z'))).toBe(30);
    expect(secondsLeft(expiresAt, at('2026-11-27T10:00:00.001Z'))).toBe(29);
    expect(secondsLeft(expiresAt, at('2026-11-27T10:00:29.500Z'))).toBe(0);
    expect(secondsLeft(expiresAt, at('2026-11-27T10:00:30.000Z'))).toBe(0);
    expect(secondsLeft(expiresAt, at('2026-11-27T10:05:00.000Z'))).toBe(0);
  });

  it('reads an unreadable expiry as expired', () => {
    expect(secondsLeft('not a date', 0)).toBe(0);
  });

  it("measures the server's clock from an answer so that the countdown never shows more than is left", () => {
    // Sent at 10:00:00.000 on the phone, answered with the server's 10:00:02.300 (the phone is 2 s behind, 300 ms away).
    const sentAt = at('2026-11-27T10:00:00.000Z');
    const offset = clockOffsetMs('2026-11-27T10:00:02.300Z', sentAt);
    expect(offset).toBe(2_300);
    // The true offset is 2,000 to 2,300 ms; with the largest, the phone counts at most what is left.
    const phoneNow = at('2026-11-27T10:00:00.400Z');
    const trueServerNow = phoneNow + 2_000;
    expect(secondsLeft(expiresAt, phoneNow + (offset ?? 0))).toBeLessThanOrEqual(secondsLeft(expiresAt, trueServerNow));
    expect(secondsLeft(expiresAt, phoneNow + (offset ?? 0))).toBe(27);
    expect(clockOffsetMs('garbage', sentAt)).toBeNull();
  });
});

describe('positions', () => {
  it('are taken every 5 s moving and every 60 s still; sent in 30 s batches moving, 120 s on a poor network', () => {
    expect(positionIntervalMs(true)).toBe(5_000);
    expect(positionIntervalMs(false)).toBe(60_000);
    expect(positionSendMs(true, false)).toBe(30_000);
    expect(positionSendMs(true, true)).toBe(120_000);
    expect(positionSendMs(false, true)).toBe(0);
  });

  it('moving: the phone speed when it gives one, else the distance over the time', () => {
    expect(isMoving(8, null, 0)).toBe(true);
    expect(isMoving(0.4, 500, 5)).toBe(false);
    expect(isMoving(null, 50, 5)).toBe(true);
    expect(isMoving(undefined, 3, 5)).toBe(false);
    expect(isMoving(null, null, 5)).toBe(false);
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

  it("add today's and this week's ended tasks in whole kobo (what /driver/earnings answers)", () => {
    const share = (kobo: number) => ({ share: kobo, fee: 0, extra: 0 });
    const totals = sumHistory(
      [
        { endedAt: Date.parse('2026-11-26T08:00:00Z'), earned: share(367_500) },
        // 00:10 today in Lagos (still yesterday in UTC).
        { endedAt: Date.parse('2026-11-25T23:10:00Z'), earned: share(105_000) },
        // Monday this week: a cancel at the door's fee.
        { endedAt: Date.parse('2026-11-23T12:00:00Z'), earned: { share: 0, fee: 50_050, extra: 0 } },
        // Sunday last week, 23:30 in Lagos.
        { endedAt: Date.parse('2026-11-22T22:30:00Z'), earned: share(99_999) },
        // Later than now (a clock ahead): not counted.
        { endedAt: Date.parse('2026-11-26T12:00:00Z'), earned: share(1) },
      ],
      now,
    );
    expect(totals.today).toEqual({ tasks: 2, share: 472_500, fee: 0, extra: 0 });
    expect(totals.week).toEqual({ tasks: 3, share: 472_500, fee: 50_050, extra: 0 });
  });

  it("the driver's share is rounded to the kobo", () => {
    expect(driverShareKobo(525_000, 0.7)).toBe(367_500);
    expect(driverShareKobo(150_001, 0.7)).toBe(105_001);
  });
});

describe('quantities with units', () => {
  it("say the unit: '3 kg', '1 item', '2 items', '1 pickup', '2 bags'", () => {
    expect(quantityText(3, 'per kg')).toBe('3 kg');
    expect(quantityText(3.5, 'per kg')).toBe('3.5 kg');
    expect(quantityText(1, 'per item')).toBe('1 item');
    expect(quantityText(2, 'per item')).toBe('2 items');
    expect(quantityText(1, 'per pickup')).toBe('1 pickup');
    expect(quantityText(2, 'per bags')).toBe('2 bags');
  });
});

describe('photoSize (the pickup photo shrunk on the phone)', () => {
  it('brings the longest side to 1,280 px at most, keeps the proportions, never enlarges', () => {
    expect(photoSize(4032, 3024)).toEqual({ width: 1280, height: 960 });
    expect(photoSize(3024, 4032)).toEqual({ width: 960, height: 1280 });
    expect(photoSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(photoSize(1280, 720, 960)).toEqual({ width: 960, height: 540 });
  });
});
