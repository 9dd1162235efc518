/** Email through nodemailer over SMTP_URL (Node only: the Worker cannot open SMTP connections). */
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(email) {
      await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
    },
  };
}
