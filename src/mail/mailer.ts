/**
 * Where e-mail goes: the SMTP server of SMTP_URL (nodemailer), or, when it is
 * unset, an .eml file per message under DATA_DIR/outbox-mail/ that a
 * developer can open. Both take the same nodemailer message.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

export type Message = Mail.Options & { messageId: string };

export interface Mailer {
  readonly name: string;
  send(message: Message): Promise<void>;
  close(): void;
}

/** An answer of the SMTP server that will not change on a retry (5xx: no such mailbox, message refused…). */
export function isPermanent(e: unknown): boolean {
  const code = (e as { responseCode?: number })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function createMailer(o: { smtpUrl?: string; dataDir: string; timeoutMs: number }): Mailer {
  if (o.smtpUrl) {
    // Timeouts come from configuration so that a dead server never holds a worker for long.
    const url = new URL(o.smtpUrl);
    const transport = nodemailer.createTransport({
      host: url.hostname, port: url.port ? Number(url.port) : undefined, secure: url.protocol === 'smtps:',
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      // smtp://…?tls=insecure accepts a self-signed certificate (a local relay)
      tls: url.searchParams.get('tls') === 'insecure' ? { rejectUnauthorized: false } : undefined,
      connectionTimeout: o.timeoutMs, greetingTimeout: o.timeoutMs, socketTimeout: o.timeoutMs,
    });
    return {
      name: 'smtp',
      async send(message) { await transport.sendMail(message); },
      close: () => transport.close(),
    };
  }
  const dir = path.join(o.dataDir, 'outbox-mail');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'eml',
    async send(message) {
      const { message: raw } = await composer.sendMail(message);
      if (!Buffer.isBuffer(raw)) throw new Error('The message was not composed into a buffer'); // buffer: true above
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${message.messageId.replace(/[<>]/g, '').replace(/[^A-Za-z0-9.@-]/g, '_')}.eml`);
      const tmp = `${file}.tmp`;
      fs.writeFileSync(tmp, raw);
      fs.renameSync(tmp, file); // a reader never sees half a message; a retry overwrites the same file
    },
    close: () => undefined,
  };
}
