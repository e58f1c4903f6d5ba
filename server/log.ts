/**
 * The server's logger: pino, one JSON object a line in production ({ time, level, message } or a
 * request's fields), pretty lines in a terminal. Callers say the level; nothing guesses it.
 */
import { createRequire } from 'node:module';
import pino, { type DestinationStream } from 'pino';
import type { ServerConfig } from './config';
import { printable } from './printable';

export type LogLevel = 'info' | 'warn' | 'error';
/** A line for people, at a level (info by default). */
export type Log = (line: string, level?: LogLevel) => void;
/** One request's fields (server/http/request-log.ts). */
export type LogRequest = (fields: Record<string, unknown>) => void;

export interface Logger {
  log: Log;
  logRequest: LogRequest;
}

/**
 * pino-pretty and its dozen packages load only for a terminal outside production: a server
 * whose output goes to a pipe or a file (production, a service manager) never holds them.
 */
const prettyStream = (): typeof import('pino-pretty') =>
  createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');

/** `stream`: where the lines go (tests capture them); default stdout, pretty when it is a terminal outside production. */
export function createLogger(config: Pick<ServerConfig, 'production'>, stream?: DestinationStream): Logger {
  const destination =
    stream ??
    (!config.production && process.stdout.isTTY
      ? prettyStream()({ colorize: true, ignore: 'pid,hostname', messageKey: 'message', translateTime: 'SYS:HH:MM:ss' })
      : pino.destination({ sync: true }));
  const logger = pino(
    {
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return {
    // A line may quote what a client wrote (an e-mail, a name): it must not act on a terminal.
    log: (line, level = 'info') => logger[level](printable(line)),
    logRequest: (fields) =>
      logger.info(
        Object.fromEntries(
          Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? printable(value) : value]),
        ),
      ),
  };
}
