/**
 * A local fake mail server for the server tests: just enough SMTP (greeting, EHLO/HELO,
 * MAIL, RCPT, DATA, RSET, NOOP, QUIT) on a free 127.0.0.1 port for nodemailer to deliver to
 * it, keeping what it receives. `rejectRecipients` makes it refuse every recipient (550),
 * like a mail server that will not take the letter.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface ReceivedMail {
  to: string[];
  data: string;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  rejectRecipients: boolean;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let letter: ReceivedMail = { to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            fake.received.push(letter);
            letter = { to: [], data: '' };
            reply('250 2.0.0 queued');
          } else letter.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-fake-smtp\r\n250 8BITMIME');
        else if (verb === 'HELO' || verb === 'NOOP' || verb === 'MAIL') reply('250 OK');
        else if (verb === 'RSET') {
          letter = { to: [], data: '' };
          reply('250 OK');
        } else if (verb === 'RCPT') {
          if (fake.rejectRecipients) reply('550 5.1.1 mailbox unavailable');
          else {
            letter.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 OK');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeSmtp = {
    url: `smtp://127.0.0.1:${port}`,
    received: [],
    rejectRecipients: false,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
