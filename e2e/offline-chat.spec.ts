import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './page-models/login-page';
import { goOffline, goOnline, waitForServiceWorker } from './support/network';
import { signUpNewClient } from './support/new-client';
import { countInStore } from './support/offline-store';
import { createPaidTask, messagesOnServer } from './support/paid-task';

/** Sends a chat message the way the app does (POST /client/sendingMessages from the page, through the service worker). */
function sendFromPage(page: Page, token: string, body: { taskId: string; content: string; clientId?: string }) {
  return page.evaluate(
    async ({ token, body }) => {
      const response = await fetch('/client/sendingMessages', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ sender: 'user', ...body }),
      });
      return { status: response.status, body: (await response.json()) as { queued?: boolean; clientId?: string } };
    },
    { token, body },
  );
}

test.describe('offline chat through the service worker', () => {
  test('messages sent offline are queued (202), then delivered exactly once and in order when the network is back', async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    const task = await createPaidTask(request, client);
    await new LoginPage(page).goto('/');
    await waitForServiceWorker(page);
    // Counts the worker's OUTBOX_CHANGED notices, as the chat screen listens to them.
    await page.evaluate(() => {
      const counter = window as unknown as { outboxChanges: number };
      counter.outboxChanges = 0;
      navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
        if ((event.data as { type?: string }).type === 'OUTBOX_CHANGED') counter.outboxChanges += 1;
      });
    });

    await goOffline(page);
    const contents = ['Good morning, I am at the gate', 'The bags are by the wall', 'Please call when you arrive'];
    const first = await sendFromPage(page, client.token, {
      taskId: task._id,
      content: contents[0]!,
      clientId: 'e2e-chat-1',
    });
    expect(first).toEqual({ status: 202, body: { queued: true, clientId: 'e2e-chat-1' } });
    expect(
      await sendFromPage(page, client.token, { taskId: task._id, content: contents[1]!, clientId: 'e2e-chat-2' }),
    ).toMatchObject({ status: 202 });
    // Without a clientId the worker gives it one, so its replay is exactly-once too.
    const third = await sendFromPage(page, client.token, { taskId: task._id, content: contents[2]! });
    expect(third.status).toBe(202);
    expect(third.body.clientId).toMatch(/^[\w-]{8,}$/);

    expect(await countInStore(page, 'outbox')).toBe(3);
    expect(await messagesOnServer(request, client, task._id)).toEqual([]);

    await goOnline(page);
    await expect
      .poll(async () => (await messagesOnServer(request, client, task._id)).map((message) => message.content), {
        timeout: 15_000,
      })
      .toEqual(contents);
    await expect.poll(() => countInStore(page, 'outbox')).toBe(0);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { outboxChanges: number }).outboxChanges))
      .toBeGreaterThan(0);

    // Another replay (worker start after a reload) sends nothing twice.
    await page.reload();
    await waitForServiceWorker(page);
    // The page's 'online' asks the worker to replay; it says OUTBOX_CHANGED with the round's summary once done.
    const summary = await page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
            const data = event.data as { type?: string; waiting?: number } | null;
            if (data?.type === 'OUTBOX_CHANGED' && data.waiting !== undefined) resolve(data);
          });
          window.dispatchEvent(new Event('online'));
        }),
    );
    expect(summary).toMatchObject({ delivered: 0, waiting: 0 });
    const delivered = await messagesOnServer(request, client, task._id);
    expect(delivered.map((message) => message.clientId)).toEqual(['e2e-chat-1', 'e2e-chat-2', third.body.clientId]);
  });

  test('online, a message goes straight to the server (201), and the thread is then readable offline from the device', async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    const task = await createPaidTask(request, client);
    await new LoginPage(page).goto('/');
    await waitForServiceWorker(page);
    expect(
      (await sendFromPage(page, client.token, { taskId: task._id, content: 'Hello driver', clientId: 'e2e-online-1' }))
        .status,
    ).toBe(201);

    const read = (body: Record<string, string>) =>
      page.evaluate(
        async ({ token, body }) => {
          const response = await fetch('/client/getMessages', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
            body: JSON.stringify(body),
          });
          const answer = (await response.json()) as { data: { messages: Array<{ content: string }> } };
          return {
            cachedAt: response.headers.get('X-Cached-At'),
            contents: answer.data.messages.map((message) => message.content),
          };
        },
        { token: client.token, body },
      );
    expect(await read({ taskId: task._id })).toEqual({ cachedAt: null, contents: ['Hello driver'] });

    await goOffline(page);
    const offline = await read({ taskId: task._id });
    expect(offline.contents).toEqual(['Hello driver']);
    expect(Number(offline.cachedAt)).toBeGreaterThan(0);
    // A poll for newer messages gets only those after `since` (none).
    expect((await read({ taskId: task._id, since: new Date().toISOString() })).contents).toEqual([]);
  });
});
