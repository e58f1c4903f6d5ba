/**
 * What one chat poll costs when nothing is new: the demo client's chat with messages is
 * polled from the page, as the app does (POST /client/getMessages with `since` = the newest
 * message), and the request and response are counted with their headers (gzip allowed).
 * The chat polls every 2 s, so a minute of open chat is 30 polls.
 */
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/demo';
import type {
  ChatMessage,
  GetMessagesResponse,
  LoginResponse,
  Task,
  TasksResponse,
  UserDataResponse,
} from '../src/shared/contract';
import { launchChromium, loopbackContext } from './browser';

export const POLLS_PER_MINUTE = 30;

export interface ChatPoll {
  bytesPerPoll: number;
  requestBytes: number;
  responseBytes: number;
  bytesPerMinute: number;
}

export async function measureChatPoll(baseURL: string): Promise<ChatPoll> {
  const browser = await launchChromium();
  try {
    const context = await loopbackContext(browser, baseURL);
    const api = context.request;
    const token = (
      (await (
        await api.post('/client/login', { data: { email: DEMO_EMAIL, password: DEMO_PASSWORD } })
      ).json()) as LoginResponse
    ).data;
    const auth = { Authorization: `Bearer ${token}` };
    const user = ((await (await api.post('/client/userdata', { headers: auth, data: {} })).json()) as UserDataResponse)
      .data;
    const tasks = (
      (await (await api.post('/client/task', { headers: auth, data: { userId: user._id } })).json()) as TasksResponse
    ).data;
    let chat: { task: Task; newest: ChatMessage } | undefined;
    for (const task of tasks) {
      const answer = (await (
        await api.post('/client/getMessages', { headers: auth, data: { taskId: task._id } })
      ).json()) as GetMessagesResponse;
      const newest = answer.data.messages.toSorted((a, b) => a.timestamp.localeCompare(b.timestamp)).at(-1);
      if (newest) chat = { task, newest };
    }
    if (!chat) throw new Error('the demo client has no chat with messages');

    const page = await context.newPage();
    // A blank page of the server's origin that runs no app code (so no poll of the app's own
    // is counted): answered by the bench itself, so no policy of the server's applies to it.
    await page.route('**/__bench-blank', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
    );
    await page.goto('/__bench-blank');
    const polled = page.waitForResponse('**/client/getMessages');
    await page.evaluate(
      async ({ token: bearer, body }) => {
        // Read to its end, as the app does (a body nobody reads may never be finished for the bench to see).
        await (
          await fetch('/client/getMessages', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
            body: JSON.stringify(body),
          })
        ).text();
      },
      { token, body: { taskId: chat.task._id, since: chat.newest.timestamp } },
    );
    const response = await polled;
    const answer = (await response.json()) as GetMessagesResponse;
    if (answer.data.messages.length !== 0) throw new Error('a poll with since = newest returned messages');
    const sizes = await response.request().sizes();
    const requestBytes = sizes.requestHeadersSize + sizes.requestBodySize;
    const responseBytes = sizes.responseHeadersSize + sizes.responseBodySize;
    await context.close();
    return {
      requestBytes,
      responseBytes,
      bytesPerPoll: requestBytes + responseBytes,
      bytesPerMinute: (requestBytes + responseBytes) * POLLS_PER_MINUTE,
    };
  } finally {
    await browser.close();
  }
}
