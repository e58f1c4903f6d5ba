/**
 * Where the server's log lines go: stdout. In production every line is one JSON object
 * (the request lines are JSON already; other lines become `{ time, level, message }`), so
 * that a log search tool can read all of it.
 */
import type { ServerConfig } from './config';

export function consoleLog(config: Pick<ServerConfig, 'production'>): (line: string) => void {
  if (!config.production) return (line) => console.log(line);
  return (line) =>
    console.log(
      line.startsWith('{')
        ? line
        : JSON.stringify({ time: new Date().toISOString(), level: levelOf(line), message: line }),
    );
}

function levelOf(line: string): 'info' | 'warn' | 'error' {
  if (line.startsWith('[error]')) return 'error';
  return line.startsWith('[WARNING]') ? 'warn' : 'info';
}
