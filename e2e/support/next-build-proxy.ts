/**
 * A second origin in front of the suite's server that can pretend a new build was deployed:
 * it forwards every request unchanged, except that once `deployNextBuild()` is called, /sw.js
 * answers with changed bytes (the browser's update check then installs a new worker that
 * waits). Playwright cannot route the browser's own service-worker update fetch, so the
 * change is made on the server side, as a deploy would.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface NextBuildProxy {
  url: string;
  deployNextBuild(): void;
  close(): Promise<void>;
}

export async function startNextBuildProxy(target: string): Promise<NextBuildProxy> {
  const upstream = new URL(target);
  let build = 0;

  const pass = (incoming: IncomingMessage, outgoing: ServerResponse, rewriteWorker: boolean) => {
    const headers = { ...incoming.headers, host: upstream.host };
    if (rewriteWorker) delete headers['accept-encoding'];
    const proxied = forward(
      { hostname: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        if (!rewriteWorker) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from(`\n// build ${build}\n`)]);
          const { 'content-length': _length, etag: _etag, 'last-modified': _modified, ...rest } = answer.headers;
          outgoing.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': String(body.length) });
          outgoing.end(body);
        });
      },
    );
    proxied.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(proxied);
  };

  const server = createServer((incoming, outgoing) => {
    const path = (incoming.url ?? '/').split('?')[0];
    pass(incoming, outgoing, build > 0 && path === '/sw.js');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deployNextBuild: () => {
      build += 1;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
