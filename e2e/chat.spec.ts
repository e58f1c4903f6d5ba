import { expect, test, type APIRequestContext, type Page, type Request, type Response } from '@playwright/test';
import type { ChatModal } from './page-models/chat-modal';
import {
  createAssignedTask,
  driverSays,
  openAssignedTaskDetails,
  storedMessages,
  type AssignedTask,
} from './support/assigned-task';

async function storedMessagesBytes(request: APIRequestContext, assigned: AssignedTask): Promise<number> {
  const answer = await request.post('/client/getMessages', {
    data: { taskId: assigned.task._id },
    headers: { Authorization: `Bearer ${assigned.client.token}` },
  });
  return (await answer.body()).length;
}

const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

async function openChat(page: Page, assigned: AssignedTask): Promise<ChatModal> {
  return (await openAssignedTaskDetails(page, assigned)).openChat();
}

test.describe('Chat with Driver', () => {
  test.use({ viewport: DESKTOP });

  test("'Open Chat' closes Task Details and opens the chat; a message is sent, the input clears, and the driver's reply arrives by polling", async ({
    page,
    request,
  }) => {
    const assigned = await createAssignedTask(request);
    const chat = await openChat(page, assigned);
    await expect(page.getByRole('dialog', { name: 'Task Details' })).toBeHidden();
    await expect(chat.dialog).toHaveAccessibleName('Chat with Kunle');
    await expect(chat.input).toBeFocused();

    await chat.send('Please come to the back gate');
    await expect(chat.input).toHaveValue('');
    const mine = chat.message('Please come to the back gate');
    await expect(mine).toContainText('You:');
    await expect(mine.locator('time')).toHaveText(/^\d{2}:\d{2}$/);

    // The driver answers (`npm run ops -- say`): the 2 s poll brings it, asking only for newer messages.
    await driverSays(request, assigned.task._id, 'On my way, 10 minutes.');
    const reply = chat.message('On my way, 10 minutes.');
    await expect(reply).toBeVisible();
    await expect(reply).toContainText('Kunle:');
    await expect(reply).toHaveClass(/chat-message-driver/);
    await expect(mine).toHaveClass(/chat-message-own/);

    expect(
      (await storedMessages(request, assigned.client, assigned.task._id)).map((message) => [
        message.sender,
        message.content,
      ]),
    ).toEqual([
      ['user', 'Please come to the back gate'],
      ['driver', 'On my way, 10 minutes.'],
    ]);
  });

  test('an empty or whitespace-only message is not sent', async ({ page, request }) => {
    const assigned = await createAssignedTask(request);
    const chat = await openChat(page, assigned);
    await chat.send('    ');
    await chat.sendButton.click();
    await expect(chat.dialog.getByText('No messages yet. Say hello to your driver.')).toBeVisible();
    expect(await storedMessages(request, assigned.client, assigned.task._id)).toEqual([]);
  });

  test('a long thread opens on its newest 100 messages; scrolling to the top loads the earlier ones in place', async ({
    page,
    request,
  }) => {
    const assigned = await createAssignedTask(request);
    for (let index = 1; index <= 130; index += 1) await driverSays(request, assigned.task._id, `Note ${index}`);
    const chat = await openChat(page, assigned);
    const bubbles = chat.dialog.locator('.chat-bubble');
    await expect(bubbles).toHaveCount(100);
    await expect(bubbles.first()).toHaveText('Note 31');
    await expect(bubbles.last()).toHaveText('Note 130');
    const loadEarlier = chat.dialog.getByRole('button', { name: 'Load earlier messages' });
    await expect(loadEarlier).toBeVisible();
    // Scrolling to the top asks for the page before; the reader stays where they were.
    await chat.dialog.getByRole('list', { name: 'Messages' }).evaluate((list) => list.scrollTo({ top: 0 }));
    await expect(bubbles).toHaveCount(130);
    await expect(bubbles.first()).toHaveText('Note 1');
    await expect(page.getByRole('status').filter({ hasText: 'Loaded 30 earlier messages' })).toBeAttached();
    await expect(loadEarlier).toHaveCount(0);
    await expect(chat.message('Note 31')).toBeInViewport();
  });

  test('a chat poll with nothing new costs a few hundred bytes, not the whole thread', async ({ page, request }) => {
    const assigned = await createAssignedTask(request);
    for (let index = 1; index <= 20; index += 1)
      await driverSays(request, assigned.task._id, `Update number ${index}: still on the way to Surulere.`);
    // The app's own reads, at the network (the page's and the service worker's): the whole
    // thread first, then polls that each ask only for newer messages. Listening from the start:
    // the first read's answer may be reported after the page has drawn it.
    const answers: number[] = [];
    const wire: Awaited<ReturnType<Request['sizes']>>[] = [];
    const measureRead = async (response: Response) => {
      if (!response.url().endsWith('/client/getMessages')) return;
      try {
        const bytes = (await response.body()).length;
        const sizes = await response.request().sizes();
        answers.push(bytes);
        wire.push(sizes);
      } catch {
        // A read still in flight when the page closes has no body to read: not counted.
      }
    };
    page.context().on('response', measureRead);
    const chat = await openChat(page, assigned);
    await expect(chat.messages).toHaveCount(20);
    const firstPoll = () => answers.findIndex((bytes) => bytes < 400);
    await expect.poll(() => (firstPoll() < 0 ? 0 : answers.length - firstPoll())).toBeGreaterThan(1);
    page.context().off('response', measureRead);
    // The whole thread was read before the first poll, and never again after it.
    expect(answers.slice(0, firstPoll()).length).toBeGreaterThan(0);
    expect(answers.slice(firstPoll()).filter((bytes) => bytes >= 400)).toEqual([]);
    const thread = await storedMessages(request, assigned.client, assigned.task._id);
    expect(await storedMessagesBytes(request, assigned)).toBeGreaterThan(3_000);
    // What the app sends: since = the newest timestamp it has seen.
    const since = thread.at(-1)!.timestamp;

    // The same poll as the app makes it, measured on the wire (HTTP/1.1 status line, headers and body).
    const body = JSON.stringify({ taskId: assigned.task._id, since });
    const requestHeaders = {
      Authorization: `Bearer ${assigned.client.token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    const answer = await request.post('/client/getMessages', { data: body, headers: requestHeaders });
    const responseBody = await answer.body();
    const responseHeaderBytes = answer
      .headersArray()
      .reduce(
        (sum, header) => sum + `${header.name}: ${header.value}\r\n`.length,
        `HTTP/1.1 ${answer.status()} OK\r\n\r\n`.length,
      );
    const requestHeaderBytes = Object.entries(requestHeaders).reduce(
      (sum, [name, value]) => sum + `${name}: ${value}\r\n`.length,
      `POST /client/getMessages HTTP/1.1\r\n\r\n`.length,
    );
    const cost = {
      requestHeaders: requestHeaderBytes,
      requestBody: Buffer.byteLength(body),
      responseHeaders: responseHeaderBytes,
      responseBody: responseBody.length,
    };
    const total = Object.values(cost).reduce((sum, value) => sum + value, 0);
    test.info().annotations.push({
      type: 'chat poll with nothing new (bytes)',
      description: JSON.stringify({ ...cost, total }),
    });
    console.log(
      `chat poll with nothing new: ${JSON.stringify({ ...cost, total })}; in the browser: ${JSON.stringify(wire.at(-1))}; the full thread: ${await storedMessagesBytes(request, assigned)} bytes`,
    );
    expect(responseBody.length).toBeLessThan(400);
    expect(total).toBeLessThan(2_500);
  });

  test("three messages sent without network are 'waiting for network', then delivered in order, each stored exactly once", async ({
    page,
    context,
    request,
  }) => {
    const assigned = await createAssignedTask(request);
    const chat = await openChat(page, assigned);
    await expect(chat.dialog.getByText('No messages yet. Say hello to your driver.')).toBeVisible();

    // The API is unreachable (page and service worker alike).
    const blocked = (route: { abort: () => Promise<void> }) => route.abort();
    await context.route('**/client/sendingMessages', blocked);
    await context.route('**/client/getMessages', blocked);

    const typed = ['I am at the gate', 'It is the blue gate', 'Please call when you arrive'];
    for (const text of typed) {
      await chat.send(text);
      await expect(chat.input).toHaveValue('');
      await expect(chat.message(text)).toContainText('waiting for network');
    }
    expect(await chat.texts()).toEqual(typed);

    // The network returns.
    await context.unroute('**/client/sendingMessages', blocked);
    await context.unroute('**/client/getMessages', blocked);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    for (const text of typed) {
      await expect(chat.message(text)).not.toContainText('waiting for network');
      await expect(chat.message(text).locator('time')).toBeVisible();
    }
    expect(await chat.texts()).toEqual(typed);
    const stored = await storedMessages(request, assigned.client, assigned.task._id);
    expect(stored.map((message) => message.content)).toEqual(typed);
    expect(new Set(stored.map((message) => message.clientId)).size).toBe(3);
  });

  test('a message left waiting is delivered once when the app is opened again', async ({ page, context, request }) => {
    const assigned = await createAssignedTask(request);
    const chat = await openChat(page, assigned);
    const blocked = (route: { abort: () => Promise<void> }) => route.abort();
    await context.route('**/client/sendingMessages', blocked);
    await chat.send('Leaving the bags by the gate');
    await expect(chat.message('Leaving the bags by the gate')).toContainText('waiting for network');

    // The app is closed while the message waits; the network comes back; the app is opened again.
    await page.close();
    await context.unroute('**/client/sendingMessages', blocked);
    const again = await context.newPage();
    const reopened = await openChat(again, assigned);
    await expect(reopened.message('Leaving the bags by the gate').locator('time')).toBeVisible();
    await expect(reopened.messages).toHaveCount(1);
    const stored = await storedMessages(request, assigned.client, assigned.task._id);
    expect(stored.map((message) => message.content)).toEqual(['Leaving the bags by the gate']);
  });

  test('a message the server refuses is shown as failed with a Retry, and Retry delivers it', async ({
    page,
    context,
    request,
  }) => {
    const assigned = await createAssignedTask(request);
    const chat = await openChat(page, assigned);
    const refuse = (route: { fulfill: (options: { status: number; json: unknown }) => Promise<void> }) =>
      route.fulfill({ status: 400, json: { message: 'content: a message cannot be empty' } });
    await context.route('**/client/sendingMessages', refuse);
    await chat.send('Can you bring extra bags?');
    const failed = chat.message('Can you bring extra bags?');
    await expect(failed).toContainText('Not sent: content: a message cannot be empty');
    await context.unroute('**/client/sendingMessages', refuse);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(failed.locator('time')).toBeVisible();
    await expect(failed.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    expect(
      (await storedMessages(request, assigned.client, assigned.task._id)).map((message) => message.content),
    ).toEqual(['Can you bring extra bags?']);
  });

  test.describe('mobile 375px', () => {
    test.use({ viewport: MOBILE });

    test('the chat fits a phone: messages, input and Send button', async ({ page, request }) => {
      const assigned = await createAssignedTask(request);
      await driverSays(request, assigned.task._id, "Hello, I'm Kunle, your GreenPick driver. I'm on my way.");
      const chat = await openChat(page, assigned);
      await chat.send('Thank you! The gate code is 1234.');
      await expect(chat.message('Thank you! The gate code is 1234.').locator('time')).toBeVisible();
      await expect(chat.sendButton).toBeInViewport();
      // Closing the chat comes back to the task it was opened from, at 'Open Chat'.
      await chat.closeButton.click();
      await expect(chat.dialog).toBeHidden();
      await expect(page.getByRole('dialog', { name: 'Task Details' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open Chat' })).toBeFocused();
    });
  });
});
