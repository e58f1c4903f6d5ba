/**
 * Recovery codes by SMTP (SMTP_URL), against a local fake mail server: a mail server that
 * cannot be reached does not stop the server from starting; a code that could not be sent
 * gets a clear error answer and a log line; and every response takes the same fixed time, so
 * neither its timing nor its content tells whether the address has an account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_ANSWER_WINDOW_MS } from '../../server/accounts/recovery';
import { createSmtpMailer } from '../../server/notifications/mailer';
import { startFakeSmtp, type FakeSmtp } from './fake-smtp';
import { createTestServer, type TestServer } from './harness';
import { captureLog } from './log-capture';

const NOT_SENT = {
  success: false,
  message: 'We could not send the verification code right now. Please try again in a few minutes.',
};
const SENT = { success: true, message: 'Verification code sent to your email' };

let smtp: FakeSmtp;
/** Started with a mail server that nobody listens at; later given a working one. */
let server: TestServer;
const { log, lines } = captureLog();

beforeAll(async () => {
  smtp = await startFakeSmtp();
  const closed = await startFakeSmtp();
  await closed.close();
  // Nothing listens there any more: the server must start all the same.
  server = await createTestServer({ config: { smtpUrl: closed.url }, log });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function timedForgot(target: TestServer, email: string) {
  const started = performance.now();
  const response = await target.request('POST', '/client/forgot', { body: { email } });
  return { ...response, elapsedMs: performance.now() - started };
}

describe('a mail server that cannot be reached', () => {
  it('does not stop the start; it is logged, and a code that cannot be sent is a 503 with a log line', async () => {
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    const client = await server.createClient();
    const response = await timedForgot(server, client.email);
    expect(response).toMatchObject({ status: 503, body: NOT_SENT });
    expect(response.elapsedMs).toBeGreaterThanOrEqual(MAIL_ANSWER_WINDOW_MS - 50);
    // Written deep in the recovery code, the line still names the request it belongs to.
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        module: 'mail',
        to: client.email,
        message: 'recovery code not sent',
        requestId: response.headers.get('X-Request-Id'),
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        module: 'mail',
        message: 'the SMTP server cannot be reached: recovery codes cannot be mailed until it can',
      }),
    );
    // The log never holds the code itself.
    expect(JSON.stringify(lines)).not.toMatch(/verification code is \d{4}/);
  });
});

describe('a mail server that works (the fake one)', () => {
  beforeAll(async () => {
    server.deps.mailer = await createSmtpMailer(smtp.url, server.deps.config.mailFrom, server.deps.log);
  });

  it('a known address gets a mail with its code; an unknown one gets the same response and no mail; both after the same fixed wait', async () => {
    const client = await server.createClient();
    const known = await timedForgot(server, client.email);
    const unknown = await timedForgot(server, `nobody-${Date.now()}@example.ng`);
    expect(known).toMatchObject({ status: 200, body: SENT });
    expect(unknown).toMatchObject({ status: 200, body: SENT });
    expect(known.elapsedMs).toBeGreaterThanOrEqual(MAIL_ANSWER_WINDOW_MS - 50);
    expect(unknown.elapsedMs).toBeGreaterThanOrEqual(MAIL_ANSWER_WINDOW_MS - 50);
    const letters = smtp.received.filter((letter) => letter.to.includes(client.email));
    expect(letters).toHaveLength(1);
    expect(letters[0]!.data).toMatch(/Your GreenPick verification code is \d{4}\./);
    expect(smtp.received).toHaveLength(1);
  });

  it('a mail server that refuses the letter: 503 with a clear message for the known address, then for any address until a send works again', async () => {
    const client = await server.createClient();
    smtp.rejectRecipients = true;
    try {
      expect(await timedForgot(server, client.email)).toMatchObject({ status: 503, body: NOT_SENT });
      // While the mail server is known to fail, an unknown address is answered alike.
      expect(await timedForgot(server, `nobody-${Date.now()}@example.ng`)).toMatchObject({
        status: 503,
        body: NOT_SENT,
      });
    } finally {
      smtp.rejectRecipients = false;
    }
    // The owner was never told of the refused letter's code, so it spent none of their allowance.
    const spent = () =>
      server.deps.db
        .query<{ hits: number }>(`select hits from rate_limits where key like 'recovery:known:' || $1 || '|%'`, [
          client.email,
        ])
        .then((rows) => rows.reduce((sum, row) => sum + Number(row.hits), 0));
    expect(await spent()).toBe(0);
    expect(await timedForgot(server, client.email)).toMatchObject({ status: 200, body: SENT });
    expect(await spent()).toBe(1);
    expect(await timedForgot(server, `nobody-${Date.now()}@example.ng`)).toMatchObject({ status: 200, body: SENT });
  });
});
