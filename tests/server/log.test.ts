/** The server's logger: request ids on the lines of a request, and nothing in a line that acts on a terminal. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestLog } from '../../server/http/request-log';
import { createLogger, silentLogger } from '../../server/log';
import { escapeInJsonForDisplay } from '../../server/printable';
import { captureLog } from './log-capture';

describe('the request id on every line', () => {
  it('a line written anywhere during a request carries its id, even with requests interleaved; others carry none', async () => {
    const { log, lines } = captureLog();
    const payments = log.child({ module: 'payments' });
    const app = new Hono();
    app.use('*', requestLog(log, { accessLines: true }));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow', async (c) => {
      payments.info({ step: 1 }, 'first');
      await gate;
      payments.info({ step: 2 }, 'second');
      return c.text('slow');
    });
    app.get('/quick', (c) => {
      payments.info('quick');
      return c.text('quick');
    });
    const slow = app.request('/slow');
    const quick = await app.request('/quick');
    release();
    const slowId = (await slow).headers.get('X-Request-Id');
    const quickId = quick.headers.get('X-Request-Id');
    log.info('between requests');
    expect(slowId).not.toBe(quickId);
    const of = (message: string) => lines.find((line) => line.message === message);
    expect(of('first')).toMatchObject({ module: 'payments', step: 1, requestId: slowId });
    expect(of('second')).toMatchObject({ module: 'payments', step: 2, requestId: slowId });
    expect(of('quick')).toMatchObject({ requestId: quickId });
    expect(of('between requests')).not.toHaveProperty('requestId');
    // The access lines: one a request, with the same id.
    expect(lines.filter((line) => 'durationMs' in line).map((line) => [line.path, line.requestId])).toEqual([
      ['/quick', quickId],
      ['/slow', slowId],
    ]);
  });

  it('above info there is no access line, and a silent logger still sends the id back', async () => {
    const { log, lines } = captureLog();
    log.level = 'warn';
    const app = new Hono();
    app.use('*', requestLog(log, { accessLines: true }));
    app.get('/', (c) => c.text('ok'));
    expect((await app.request('/')).status).toBe(200);
    expect(lines).toEqual([]);
    const silent = new Hono();
    silent.use('*', requestLog(silentLogger(), { accessLines: true }));
    silent.get('/', (c) => c.text('ok'));
    expect((await silent.request('/')).headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('what a client wrote, in a line', () => {
  const hostile = 'Ada\u001b[2J\u202eevil\u2028fake line\u0085\u007f';

  it('is kept exactly in JSON, with nothing raw that could act on a terminal', () => {
    const raw: string[] = [];
    const log = createLogger({ production: true }, { write: (line: string) => void raw.push(line) });
    log.info({ name: hostile }, hostile);
    expect(raw).toHaveLength(1);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point.
    expect(raw[0].trimEnd()).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e\u2028]/);
    expect(JSON.parse(raw[0])).toMatchObject({ name: hostile, message: hostile });
  });

  it('turns every control into the text of its escape for a pretty terminal', () => {
    const shown = JSON.parse(escapeInJsonForDisplay(JSON.stringify({ message: hostile }))).message as string;
    expect(shown).toBe('Ada\\u001b[2J\\u202eevil\\u2028fake line\\u0085\\u007f');
  });
});
