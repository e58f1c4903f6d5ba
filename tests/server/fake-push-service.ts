/**
 * A local fake push service for the server tests: an HTTPS server on a free 127.0.0.1 port
 * (a self-signed certificate in fixtures/, trusted through the agent the server is given)
 * that takes Web Push requests as FCM or Mozilla's service would (201), or answers a chosen
 * status for one subscription (410 gone, 500 failing). The server reaches it through
 * PUSH_ALLOWED_ORIGINS, so the real web-push code signs, encrypts and sends. `subscription()`
 * makes a browser's side of a subscription: a P-256 key pair and an auth secret, so a test
 * can decrypt (aes128gcm) what was delivered and check it.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { Agent } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer;
};

const FIXTURES = resolve(import.meta.dirname, 'fixtures');
const cert = readFileSync(resolve(FIXTURES, 'fake-push-cert.pem'));
const key = readFileSync(resolve(FIXTURES, 'fake-push-key.pem'));

export interface DeliveredPush {
  /** The subscription's id (the last path segment). */
  id: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface BrowserSubscription {
  id: string;
  /** What PushSubscription.toJSON() gives. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** Decrypts a push delivered to this subscription and parses its JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: a payload, read loosely; the assertions check its fields.
  decrypt(push: DeliveredPush): any;
}

export interface FakePushService {
  origin: string;
  /** Trusts the fake's certificate: give it to the server (createDeps' pushAgent). */
  agent: Agent;
  pushes: DeliveredPush[];
  pushesTo(id: string): DeliveredPush[];
  /** The status answered to this subscription's pushes from now on (201 by default). */
  answer(id: string, status: number): void;
  subscription(): BrowserSubscription;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const pushes: DeliveredPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = (request.url ?? '').split('/').pop() ?? '';
      const status = answers.get(id) ?? 201;
      if (status === 201) pushes.push({ id, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    agent: new Agent({ ca: cert }),
    pushes,
    pushesTo: (id) => pushes.filter((push) => push.id === id),
    answer: (id, status) => answers.set(id, status),
    subscription() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        },
        decrypt: (push) =>
          JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString()),
      };
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
