/**
 * Outgoing mail behind one interface: the dev mailbox (kept in memory, readable at the
 * dev-only GET /dev/mailbox and printed in the server log) or SMTP when SMTP_URL is set.
 */
import type { DevMail } from '../../src/shared/contract';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'dev-mailbox' | 'smtp';
  send(mail: Mail): Promise<void>;
  /** The dev mailbox's letters to an address, newest last (dev mailbox only). */
  inbox?(to: string): DevMail[];
}

export function createDevMailbox(log: (line: string) => void, limit = 500): Mailer {
  const letters: DevMail[] = [];
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      letters.push({ ...mail, to: mail.to.toLowerCase(), sentAt: new Date().toISOString() });
      if (letters.length > limit) letters.shift();
      log(`[dev mailbox] to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
    inbox: (to) => letters.filter((letter) => letter.to === to.toLowerCase()),
  };
}

export async function createSmtpMailer(smtpUrl: string, from: string): Promise<Mailer> {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
