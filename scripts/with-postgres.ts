/**
 * `tsx scripts/with-postgres.ts <command...>`: runs the command with TEST_DATABASE_URL set to
 * a PostgreSQL server where it may create and drop databases (the server tests then run on
 * it, one fresh database per test server). Without TEST_DATABASE_URL it starts a throw-away
 * cluster (scripts/throwaway-postgres.ts) and removes it afterwards. `npm run test:server:pg`.
 */
import { spawn } from 'node:child_process';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: tsx scripts/with-postgres.ts <command> [args...]');
  process.exit(2);
}

let cluster: ThrowawayPostgres | undefined;
if (!process.env.TEST_DATABASE_URL) {
  const started = Date.now();
  cluster = await startThrowawayPostgres();
  console.error(
    `[with-postgres] throw-away PostgreSQL at ${cluster.url} (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
const url = process.env.TEST_DATABASE_URL ?? cluster!.url;

const child = spawn(command[0]!, command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => {
  cluster?.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
