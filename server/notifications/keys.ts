/**
 * The VAPID keys that sign our pushes. A browser's subscription is bound to the public key,
 * so it must not change: given by VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT (and
 * required in production, server/production.ts), else generated once and kept in the data
 * folder like the token key (memory databases get fresh ones).
 */
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { ServerConfig } from '../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const DEFAULT_SUBJECT = 'mailto:no-reply@greenpick.ng';

export function resolveVapidKeys(config: ServerConfig): VapidKeys {
  const subject = config.vapidSubject ?? DEFAULT_SUBJECT;
  if (config.vapidPublicKey && config.vapidPrivateKey)
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  if (config.dataDir.startsWith('memory://')) return { ...webpush.generateVAPIDKeys(), subject };
  const file = join(config.dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  }
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject };
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const bytesOf = (value: string): Buffer | undefined =>
  value.length <= 200 && BASE64URL.test(value) ? Buffer.from(value, 'base64url') : undefined;

/** The JWK coordinates of a P-256 public key in its raw uncompressed form (65 bytes, 0x04 x y), or undefined. */
function p256Coordinates(publicKey: string): { x: string; y: string } | undefined {
  const raw = bytesOf(publicKey);
  if (raw?.length !== 65 || raw[0] !== 4) return undefined;
  const point = { x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') };
  try {
    // Node (OpenSSL) refuses coordinates that are not a point on the curve.
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', ...point }, format: 'jwk' });
    return point;
  } catch {
    return undefined;
  }
}

/** Whether a browser's subscription keys can encrypt a push: p256dh a P-256 point (65 bytes), auth 16 bytes. */
export function subscriptionKeysProblem(keys: { p256dh: string; auth: string }): string | undefined {
  if (!p256Coordinates(keys.p256dh))
    return 'keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url)';
  if (bytesOf(keys.auth)?.length !== 16) return 'keys.auth must be 16 bytes (base64url)';
  return undefined;
}

/** Whether the VAPID keys are a P-256 pair that signs and verifies: a public key of 65 bytes, a private key of 32. */
export function isVapidKeyPair(publicKey: string, privateKey: string): boolean {
  const point = p256Coordinates(publicKey);
  const secret = bytesOf(privateKey);
  if (!point || secret?.length !== 32) return false;
  try {
    const signer = createPrivateKey({
      key: { kty: 'EC', crv: 'P-256', ...point, d: secret.toString('base64url') },
      format: 'jwk',
    });
    const probe = Buffer.from('greenpick vapid probe');
    const signature = sign('sha256', probe, signer);
    return verify(
      'sha256',
      probe,
      createPublicKey({ key: { kty: 'EC', crv: 'P-256', ...point }, format: 'jwk' }),
      signature,
    );
  } catch {
    return false;
  }
}
