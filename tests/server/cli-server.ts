/**
 * The ops CLI's tests: the test server's app on a real port (the CLI calls a running server
 * over HTTP, as `npm run ops` does), the CLI's environment pointing at it, and its output kept.
 */
import { createServer, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../server/app';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { clearTasksAndDrivers } from './ops-fixtures';

export interface CliServer {
  port: number;
  /** What `npm run ops` reads: the server's address, a data folder of none, the ops token; `extra` overrides. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/** Serves `server`'s app on a free port of 127.0.0.1 until `close()`. */
export async function startCliServer(server: TestServer, opsToken: string): Promise<CliServer> {
  const http = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: createApp(server.deps).fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  const port = (http.address() as AddressInfo).port;
  return {
    port,
    env: (extra = {}) => ({
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: 'memory://',
      OPS_TOKEN: opsToken,
      ...extra,
    }),
    close: () => new Promise<void>((done) => http.close(() => done())),
  };
}

/** The CLI's two streams, kept line by line. */
export function captureOutput() {
  const output = { out: [] as string[], err: [] as string[] };
  return { output, io: { out: (text: string) => output.out.push(text), err: (text: string) => output.err.push(text) } };
}

/** The CLI's database opener while the server answers: it must not be called. */
export const noDirectDatabase = async (): Promise<never> => {
  throw new Error('the database must not be opened while the server answers');
};

/** A port nothing listens on (the CLI then works on the database itself). */
export async function refusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const free = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

/**
 * A test file's server with the CLI's port beside it, both started once, with no task or
 * driver left from the test before; `started` receives them.
 */
export function serverWithCli(opsToken: string, started: (them: { server: TestServer; cli: CliServer }) => void): void {
  let server: TestServer | undefined;
  let cli: CliServer | undefined;
  beforeAll(async () => {
    server = await createTestServer({ config: { opsToken } });
    cli = await startCliServer(server, opsToken);
    started({ server, cli });
  });
  afterAll(async () => {
    await cli?.close();
    await server?.close();
  });
  beforeEach(() => clearTasksAndDrivers(server!.deps.db));
}
