/**
 * A local fake of Termii (server/notifications/sms.ts): its send API (POST /api/sms/send) and its
 * voice call API (POST /api/sms/otp/call), on a free 127.0.0.1 port the server reaches through
 * SMS_API_URL. It records every message and call; `codesTo` reads the sign-in codes a number
 * received, so a test takes a code from what the phone got, never from the server. GET /sent
 * answers the records, for the end-to-end tests' workers (another process than the fake's).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
  api_key: string;
}

export interface VoiceCall {
  phone_number: string;
  code: number;
  api_key: string;
}

/** A code as the phone received it, in the order they came. */
export interface ReceivedCode {
  /** Termii's form: the international number without the plus sign. */
  to: string;
  code: string;
  channel: 'sms' | 'voice';
}

export interface FakeSms {
  url: string;
  sent: SentSms[];
  calls: VoiceCall[];
  codes: ReceivedCode[];
  /** The codes sent to this number (E.164 or Termii's form), oldest first, by SMS or by voice call. */
  codesTo(phone: string): string[];
  close(): Promise<void>;
}

/** The code an SMS carries: its last line is WebOTP's '@host #123456'. */
export function codeOf(text: string): string | undefined {
  return /#(\d{6})\s*$/.exec(text)?.[1];
}

export async function startFakeSms(): Promise<FakeSms> {
  const sent: SentSms[] = [];
  const calls: VoiceCall[] = [];
  const codes: ReceivedCode[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.method === 'GET' && request.url === '/sent') {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        return response.end(JSON.stringify({ sent, calls, codes }));
      }
      if (request.method !== 'POST') return response.writeHead(404).end();
      if (request.url === '/api/sms/send') {
        const sms = JSON.parse(body) as SentSms;
        sent.push(sms);
        const code = sms.channel === 'dnd' ? codeOf(sms.sms) : undefined;
        if (code) codes.push({ to: sms.to, code, channel: 'sms' });
      } else if (request.url === '/api/sms/otp/call') {
        const call = JSON.parse(body) as VoiceCall;
        calls.push(call);
        codes.push({ to: call.phone_number, code: String(call.code), channel: 'voice' });
      } else return response.writeHead(404).end();
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({ message_id: randomUUID(), message: 'Successfully Sent', balance: 100, user: 'test' }),
      );
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    calls,
    codes,
    codesTo: (phone) => codesIn(codes, phone),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The codes received by `phone` (E.164 or Termii's form), oldest first. */
export function codesIn(codes: readonly ReceivedCode[], phone: string): string[] {
  const to = phone.replace(/^\+/, '');
  return codes.filter((received) => received.to === to).map((received) => received.code);
}
