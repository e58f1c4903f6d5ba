/**
 * Outgoing mail behind one interface: the dev mailbox (kept in memory, readable at the
 * dev-only GET /dev/mailbox and printed in the server log) or SMTP when SMTP_URL is set.
 */
import type { DevMail } from '../../src/shared/contract';
import { type Logger, silentLogger } from '../log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'dev-mailbox' | 'smtp';
  send(mail: Mail): Promise<void>;
  /** True after a send failed and until one succeeds (SMTP only; the dev mailbox never fails). */
  isFailing?(): boolean;
  /** The dev mailbox's letters to an address, newest last (dev mailbox only). */
  inbox?(to: string): DevMail[];
}

export function createDevMailbox(logger: Logger, limit = 500): Mailer {
  const log = logger.child({ module: 'mail' });
  const letters: DevMail[] = [];
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      letters.push({ ...mail, to: mail.to.toLowerCase(), sentAt: new Date().toISOString() });
      if (letters.length > limit) letters.shift();
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'dev mailbox');
    },
    inbox: (to) => letters.filter((letter) => letter.to === to.toLowerCase()),
  };
}

/**
 * SMTP through nodemailer. Nothing connects at start-up: a mail server that cannot be
 * reached does not stop the server; a check in the background logs a warning and marks the
 * mailer failing until a send succeeds.
 */
export async function createSmtpMailer(
  smtpUrl: string,
  from: string,
  logger: Logger = silentLogger(),
): Promise<Mailer> {
  const log = logger.child({ module: 'mail' });
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(smtpUrl);
  let failing = false;
  transport.verify().then(
    () => undefined,
    (error: unknown) => {
      failing = true;
      log.warn({ err: error }, 'the SMTP server cannot be reached: recovery codes cannot be mailed until it can');
    },
  );
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        failing = false;
      } catch (error) {
        failing = true;
        throw error;
      }
    },
    isFailing: () => failing,
  };
}
