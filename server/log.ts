/**
 * The server's logger: pino, one JSON object a line in production, pretty lines in a terminal.
 * Each module logs through a child with its name (`log.child({ module: 'payments' })`) and puts
 * what a line is about in fields (`{ reference }`), the sentence in `message`. A line written
 * while a request is handled carries that request's id (`requestId`), wherever in the code it
 * is written: the request runs inside `inRequest` and the logger's `mixin` reads it back.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { ServerConfig } from './config';
import { escapeInJson, escapeInJsonForDisplay } from './printable';

export type { Logger } from 'pino';

/** The id of the request being handled, for the lines of code that has no Hono context. */
const requestScope = new AsyncLocalStorage<string>();

/** Runs `work` (the rest of a request) with its id on every line it logs. */
export function inRequest<T>(requestId: string, work: () => T): T {
  return requestScope.run(requestId, work);
}

/**
 * pino-pretty and its dozen packages load only for a terminal outside production: a server
 * whose output goes to a pipe or a file (production, a service manager) never holds them.
 */
const prettyStream = (): typeof import('pino-pretty') =>
  createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');

/** `stream`: where the lines go (tests capture them); default stdout, pretty when it is a terminal outside production. */
export function createLogger(config: Pick<ServerConfig, 'production'>, stream?: DestinationStream): Logger {
  const pretty = !stream && !config.production && process.stdout.isTTY;
  return pino(
    {
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Called only for a line that is written: a request whose lines are all below the level pays nothing here.
      mixin: () => {
        const requestId = requestScope.getStore();
        return requestId === undefined ? {} : { requestId };
      },
      // A line may quote what a client wrote (an e-mail, a name): nothing in it may act on an
      // operator's terminal (docs/security.md). JSON keeps the data exact, escaped.
      hooks: { streamWrite: pretty ? escapeInJsonForDisplay : escapeInJson },
    },
    stream ??
      (pretty
        ? prettyStream()({
            colorize: true,
            ignore: 'pid,hostname',
            messageKey: 'message',
            translateTime: 'SYS:HH:MM:ss',
          })
        : pino.destination({ sync: true })),
  );
}

/** A logger that writes nothing (LOG=0, most tests): every level is off. */
export const silentLogger = (): Logger => pino({ level: 'silent' });

/** The same JSON lines on standard error, for a program without the server's logger (the ops CLI's database). */
export const stderrLogger = (): Logger => createLogger({ production: true }, pino.destination({ fd: 2, sync: true }));
