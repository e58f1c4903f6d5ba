/**
 * The VAPID keys that sign our pushes. A browser's subscription is bound to the public key,
 * so it must not change: given by VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT (and
 * required in production, server/production.ts), else generated once and kept in the data
 * folder like the token key (memory databases get fresh ones).
 */
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
