import 'fake-indexeddb/auto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { PricingItem, Task, User } from '../../src/shared/contract';
import type { Answer } from '../../src/lib/api/answer';
import { getPricing } from '../../src/lib/api/pricing';
import { getTasks } from '../../src/lib/api/tasks';
import { getUser } from '../../src/lib/api/user';
import { createSessionReads } from '../../src/lib/session-reads';
import { closeOfflineDb, putCachedAnswer } from '../../src/shared/offline-db';
import { FALLBACK_PRICES } from '../../src/shared/pricing';

vi.mock('../../src/lib/api/user', () => ({ getUser: vi.fn() }));
vi.mock('../../src/lib/api/tasks', () => ({ getTasks: vi.fn() }));
vi.mock('../../src/lib/api/pricing', () => ({ getPricing: vi.fn() }));

const user = { _id: 'u1', email: 'ada@example.ng', firstname: 'Ada' } as User;
const tasks = [{ _id: 't1' }] as Task[];
const fresh = <T>(data: T): Answer<T> => ({ data, cachedAt: null });
/** A token whose subject (the JWT `sub`) is `sub`. */
const tokenOf = (sub: string) => `header.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.signature`;

afterAll(() => closeOfflineDb());
afterEach(() => {
  vi.mocked(getUser).mockReset();
  vi.mocked(getTasks).mockReset();
  vi.mocked(getPricing).mockReset();
});

describe("a navigation's reads (route context)", () => {
  it('the signed-in user is read once per navigation, however many loaders ask, and afresh on the next', async () => {
    vi.mocked(getUser).mockResolvedValue(fresh(user));
    vi.mocked(getTasks).mockResolvedValue(fresh(tasks));
    const reads = createSessionReads(tokenOf('u1'));
    expect(getUser).not.toHaveBeenCalled();
    await Promise.all([reads.user(), reads.user(), reads.userAndTasks()]);
    expect(getUser).toHaveBeenCalledTimes(1);
    expect(getUser).toHaveBeenCalledWith(tokenOf('u1'));
    await createSessionReads(tokenOf('u1')).user();
    expect(getUser).toHaveBeenCalledTimes(2);
  });

  it("asks for the tasks of the token's subject alongside the user, without waiting for the user", async () => {
    let answerUser: (value: Answer<User>) => void = () => {};
    vi.mocked(getUser).mockImplementation(() => new Promise((resolve) => (answerUser = resolve)));
    vi.mocked(getTasks).mockResolvedValue(fresh(tasks));
    const read = createSessionReads(tokenOf('u1')).userAndTasks();
    await vi.waitFor(() => expect(getTasks).toHaveBeenCalledWith('u1'));
    answerUser(fresh(user));
    expect(await read).toEqual({ data: { user, tasks }, cachedAt: null });
    expect(getTasks).toHaveBeenCalledTimes(1);
  });

  it("asks again with the user's id when the token's subject is not it", async () => {
    vi.mocked(getUser).mockResolvedValue(fresh(user));
    vi.mocked(getTasks).mockImplementation(async (userId) => fresh(userId === 'u1' ? tasks : []));
    expect((await createSessionReads(tokenOf('someone-else')).userAndTasks()).data.tasks).toEqual(tasks);
    expect(vi.mocked(getTasks).mock.calls.map(([userId]) => userId)).toEqual(['someone-else', 'u1']);
  });

  it('the user and tasks from the device are as old as the older answer', async () => {
    vi.mocked(getUser).mockResolvedValue({ data: user, cachedAt: 2000 });
    vi.mocked(getTasks).mockResolvedValue({ data: tasks, cachedAt: 1000 });
    expect((await createSessionReads(tokenOf('u1')).userAndTasks()).cachedAt).toBe(1000);
  });

  it('a failed user read fails the user-and-tasks read (and an early tasks failure is not left unhandled)', async () => {
    vi.mocked(getUser).mockRejectedValue(new TypeError('Failed to fetch'));
    vi.mocked(getTasks).mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(createSessionReads(tokenOf('u1')).userAndTasks()).rejects.toThrow('Failed to fetch');
  });

  it('without a token nothing is asked: the reads fail with NoTokenError', async () => {
    const reads = createSessionReads(null);
    await expect(reads.user()).rejects.toMatchObject({ name: 'NoTokenError' });
    await expect(reads.userAndTasks()).rejects.toMatchObject({ name: 'NoTokenError' });
    expect(getUser).not.toHaveBeenCalled();
    expect(getTasks).not.toHaveBeenCalled();
  });

  it('the price table: the price list by service key, kept time and all; the fallback prices when it cannot be read', async () => {
    const items: PricingItem[] = [
      { _id: 'p1', serviceName: 'Household Waste Pickup', price: 1800, unit: 'per pickup' },
    ];
    vi.mocked(getPricing).mockResolvedValue({ data: items, cachedAt: 5 });
    expect(await createSessionReads(tokenOf('u1')).priceTable()).toEqual({
      data: { household: { serviceName: 'Household Waste Pickup', price: 1800, unit: 'per pickup' } },
      cachedAt: 5,
    });
    vi.mocked(getPricing).mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await createSessionReads(tokenOf('u1')).priceTable()).toEqual({ data: FALLBACK_PRICES, cachedAt: null });
  });
});

describe('the price table kept on the device', () => {
  it("is the service worker's kept answer of the token's user, read without the network", async () => {
    await putCachedAnswer('kept-u1', 'admin/pricing', {
      data: [{ serviceName: 'Recycling Collection', price: 1400, unit: 'per kg' }],
    });
    await putCachedAnswer('kept-u2', 'admin/pricing', {
      data: [{ serviceName: 'Recycling Collection', price: 9999, unit: 'per kg' }],
    });
    const kept = await createSessionReads(tokenOf('kept-u1')).keptPriceTable();
    expect(kept?.recycling).toEqual({ serviceName: 'Recycling Collection', price: 1400, unit: 'per kg' });
    expect(getPricing).not.toHaveBeenCalled();
  });

  it('is null with nothing kept, no token, or a kept answer that is not a price list', async () => {
    await putCachedAnswer('kept-u3', 'admin/pricing', { data: { not: 'a list' } });
    expect(await createSessionReads(tokenOf('kept-nobody')).keptPriceTable()).toBeNull();
    expect(await createSessionReads(null).keptPriceTable()).toBeNull();
    expect(await createSessionReads(tokenOf('kept-u3')).keptPriceTable()).toBeNull();
  });
});
