/**
 * The reference server in a process of its own, for load figures that do not share an event
 * loop with the load generator: started as the bench starts its own server (demo data, no
 * simulator, no per-address login limits), with DATABASE_URL from the environment when set
 * (else in-memory PGlite). Prints `{"url": ...}` on one line once it listens; stops on SIGTERM.
 */
import { startBenchServer } from './serve';

const server = await startBenchServer();
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.once('SIGTERM', () => {
  void server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
