/** The server's real logger (pino, its JSON lines as production writes them), its lines kept for a test to read. */
import { createLogger, type Logger } from '../../server/log';

export interface LogLine {
  level: string;
  message?: string;
  module?: string;
  requestId?: string;
  [field: string]: unknown;
}

export function captureLog(): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const log = createLogger(
    { production: true },
    {
      write: (chunk: string) => {
        for (const line of chunk.split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      },
    },
  );
  return { log, lines };
}
