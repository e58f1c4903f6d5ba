import { describe, expect, it, vi } from 'vitest';
import { openFromNotification, pushNotice, showPush, type PushDeps } from '../../sw/push';

const ORIGIN = 'https://app.test';

interface FakeWindow {
  id: string;
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  navigate: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
}

function fakeWindow(id: string, options: Partial<FakeWindow> = {}): FakeWindow {
  const window: FakeWindow = {
    id,
    url: `${ORIGIN}/client/home`,
    focused: false,
    visibilityState: 'visible',
    navigate: vi.fn(async (url: string) => {
      window.url = url;
      return window;
    }),
    focus: vi.fn(async () => window),
    ...options,
  };
  return window;
}

function worker(windows: FakeWindow[] = [], openChats: Map<string, string> = new Map()) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const clients = {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => null),
  };
  const deps = {
    registration: {
      showNotification: vi.fn(async (title: string, options: NotificationOptions = {}) => {
        shown.push({ title, options });
      }),
    },
    clients,
    openChats,
    base: '/',
  } as unknown as PushDeps;
  return { deps, shown, clients };
}

const assigned = {
  kind: 'driver-assigned',
  taskId: 't1',
  title: 'Driver assigned',
  body: 'Emeka is your driver - white Toyota Hiace KJA-123XY',
  tag: 'ignored',
  url: 'https://evil.example/phish',
};

describe('the worker shows a push', () => {
  it("as one notification per task, opening the task's page whatever the payload says", async () => {
    const { deps, shown } = worker();
    await showPush(assigned, deps);
    expect(shown).toEqual([
      {
        title: 'Driver assigned',
        options: expect.objectContaining({
          body: 'Emeka is your driver - white Toyota Hiace KJA-123XY',
          tag: 'task-t1',
          data: { url: '/client/tasks/t1' },
        }),
      },
    ]);
  });

  it('a push about the plan or a recurring pickup: its own tag, and it opens Home whatever the payload says', async () => {
    const { deps, shown } = worker();
    const renewal = 'Your Bronze plan ends on Fri 5 Dec';
    await showPush(
      {
        kind: 'plan-renewal',
        taskId: null,
        title: 'Your plan ends soon',
        body: renewal,
        tag: 'x',
        url: '//evil.example',
      },
      deps,
    );
    await showPush(
      { kind: 'schedule-not-covered', title: 'Pickup not covered', body: 'pay', tag: 'schedule-s1', url: '/login' },
      deps,
    );
    await showPush({ kind: 'schedule-not-covered', title: 'Pickup not covered', body: 'pay', tag: 'task-t1' }, deps);
    expect(shown.map((entry) => [entry.title, entry.options.tag, entry.options.data])).toEqual([
      ['Your plan ends soon', 'plan', { url: '/client/home' }],
      ['Pickup not covered', 'schedule-s1', { url: '/client/home' }],
      ['Pickup not covered', 'schedule', { url: '/client/home' }],
    ]);
  });

  it('shows nothing for a payload that is not ours', async () => {
    const { deps, shown } = worker();
    await showPush({ kind: 'lottery', taskId: 't1', title: 'You won', body: '!' }, deps);
    await showPush('plain text', deps);
    await showPush(null, deps);
    expect(shown).toEqual([]);
  });

  it("leaves out a driver's message while that task's chat is on screen, not another task's", async () => {
    const chatWindow = fakeWindow('w1');
    const { deps, shown } = worker([chatWindow], new Map([['w1', 't1']]));
    const chat = (taskId: string) => ({ kind: 'chat', taskId, title: 'Emeka (driver)', body: 'I am at the gate' });
    await showPush(chat('t1'), deps);
    expect(shown).toEqual([]);
    await showPush(chat('t2'), deps);
    expect(shown.map((entry) => entry.options.tag)).toEqual(['task-t2']);
  });

  it('shows the message when the chat is open in a window that is hidden (phone locked, app in the background)', async () => {
    const hidden = fakeWindow('w1', { visibilityState: 'hidden' });
    const { deps, shown } = worker([hidden], new Map([['w1', 't1']]));
    await showPush({ kind: 'chat', taskId: 't1', title: 'Emeka (driver)', body: 'Here' }, deps);
    expect(shown).toHaveLength(1);
  });
});

describe('the open pages are told of a push', () => {
  it('of ours: its kind and task, so they read again what it is about', () => {
    expect(pushNotice(assigned)).toEqual({ type: 'PUSH_RECEIVED', kind: 'driver-assigned', taskId: 't1' });
    expect(pushNotice({ kind: 'plan-renewal', title: 'Your plan ends soon', body: 'Fri 5 Dec' })).toEqual({
      type: 'PUSH_RECEIVED',
      kind: 'plan-renewal',
      taskId: null,
    });
  });

  it('not of one that is not ours', () => {
    expect(pushNotice({ kind: 'lottery', taskId: 't1', title: 'You won', body: '!' })).toBeNull();
    expect(pushNotice('plain text')).toBeNull();
    expect(pushNotice(null)).toBeNull();
  });
});

describe('a tap on the notification', () => {
  const notification = (url: unknown) => ({ data: { url }, close: vi.fn() });

  it('brings the focused window to the task page', async () => {
    const other = fakeWindow('w1');
    const focused = fakeWindow('w2', { focused: true });
    const { clients } = worker([other, focused]);
    const tapped = notification('/client/tasks/t1');
    await openFromNotification(tapped, clients as never, ORIGIN);
    expect(tapped.close).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/client/tasks/t1`);
    expect(focused.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window on the task page when none is open', async () => {
    const { clients } = worker([]);
    await openFromNotification(notification('/client/tasks/t9'), clients as never, ORIGIN);
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/client/tasks/t9`);
  });

  it('still shows the task when the browser refuses focus', async () => {
    const window = fakeWindow('w1');
    window.focus.mockRejectedValue(new Error('Not allowed to focus a window.'));
    const { clients } = worker([window]);
    await openFromNotification(notification('/client/tasks/t1'), clients as never, ORIGIN);
    expect(window.url).toBe(`${ORIGIN}/client/tasks/t1`);
  });

  it('brings a window to Home for a push about the plan or a recurring pickup', async () => {
    const window = fakeWindow('w1');
    const { clients } = worker([window]);
    await openFromNotification(notification('/client/home'), clients as never, ORIGIN);
    expect(window.navigate).toHaveBeenCalledWith(`${ORIGIN}/client/home`);
  });

  it('opens nothing outside the task pages and Home', async () => {
    const window = fakeWindow('w1');
    const { clients } = worker([window]);
    const elsewhere = [
      'https://evil.example/',
      '/login',
      '//evil.example/client/tasks/1',
      '/client/home/../../login',
      '/client/homeX',
      42,
    ];
    for (const url of elsewhere) {
      await openFromNotification(notification(url), clients as never, ORIGIN);
    }
    expect(window.navigate).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });
});
