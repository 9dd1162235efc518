/**
 * A local mail server for the tests (the `smtp-server` package), which the API's real mailer
 * (nodemailer over SMTP_URL, mail/smtp-mailer.ts) delivers to. Node only: the Worker cannot
 * speak SMTP (decision 0110). Tests read what arrived with `mailTo` / `waitForMail`.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** The body of a one-part text email, decoded from quoted-printable or base64 as nodemailer chose. */
function decodeBody(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text: string;
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    text = decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  } else text = body;
  // RFC 2047 encoded words; adjacent ones are one text (their bytes joined, the space between dropped).
  const words = [...header('Subject').matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)];
  const subject = words.length
    ? Buffer.concat(
        words.map(([, kind, value]) =>
          kind!.toLowerCase() === 'b'
            ? Buffer.from(value!, 'base64')
            : Buffer.from(value!.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1'),
        ),
      ).toString('utf8')
    : header('Subject');
  return { subject: subject.replace(/\s+/g, ' '), text: text.replace(/\r\n/g, '\n').trimEnd() };
}

export async function startSmtpStandIn() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), ...decodeBody(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const mailTo = (email: string) => received.filter((mail) => mail.to.includes(email.toLowerCase()));
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'LifeSure <no-reply@lifesure.test>' },
    received,
    mailTo,
    /** The `count`-th mail to `email` (1 = the first), once it arrives. */
    async waitForMail(email: string, count = 1): Promise<ReceivedMail> {
      await expect.poll(() => mailTo(email).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
      return mailTo(email)[count - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
