/**
 * One server instance for the PostgreSQL bench (bench/server-load-postgres.ts): the settings
 * from the environment, the API only, and no login limits (the load test signs in from
 * 127.0.0.1 many times a second). Prints "ready" once it listens; stops on SIGTERM.
 */
import { closeOnSignals, startServer } from '../server/index';
import { benchRateLimits } from './serve';

const running = await startServer({ distDir: '/nonexistent', rateLimits: benchRateLimits });
closeOnSignals(running);
console.log(`ready ${running.url}`);
