/**
 * A real SMTP server on a loopback port (the smtp-server library), keeping
 * every accepted message parsed (mailparser). `fail` makes it answer the next
 * messages with an SMTP error, as a server that is down or refuses.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface Received { envelope: { from: string; to: string[] }; mail: ParsedMail; raw: Buffer }

export class Inbox {
  received: Received[] = [];
  /** When set, DATA is answered with this SMTP code (421: try later, 550: refused). */
  fail: { code: number; message: string } | null = null;
  attempts = 0;
  url = '';
  private server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        this.attempts++;
        if (this.fail) return done(Object.assign(new Error(this.fail.message), { responseCode: this.fail.code }));
        const raw = Buffer.concat(chunks);
        this.received.push({
          envelope: { from: (session.envelope.mailFrom as any)?.address ?? '', to: session.envelope.rcptTo.map((r) => r.address) },
          mail: await simpleParser(raw), raw,
        });
        done();
      });
    },
  });

  async start(): Promise<this> {
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', () => ok()));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((ok) => this.server.close(() => ok()));
  }

  /** The messages whose subject contains `text`. */
  about(text: string): Received[] {
    return this.received.filter((r) => (r.mail.subject ?? '').includes(text));
  }
}
