/**
 * The codes a phone received, read from the local fake Termii the global setup started
 * (tests/server/fake-sms.ts, GET /sent): a test never reads a code from the server.
 */
import { expect } from '@playwright/test';
import { type ReceivedCode, codesIn } from '../../tests/server/fake-sms';

async function received(): Promise<ReceivedCode[]> {
  const url = process.env.E2E_SMS_URL;
  if (!url) throw new Error('E2E_SMS_URL is not set: the global setup starts the fake SMS provider');
  return ((await (await fetch(`${url}/sent`)).json()) as { codes: ReceivedCode[] }).codes;
}

/** The newest code `phone` received once it has received `count` codes (the SMS arrives after the answer). */
export async function codeReceivedBy(phone: string, count = 1): Promise<string> {
  let codes: string[] = [];
  await expect
    .poll(async () => {
      codes = codesIn(await received(), phone);
      return codes.length;
    })
    .toBeGreaterThanOrEqual(count);
  return codes.at(-1)!;
}
