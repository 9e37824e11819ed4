/** The operator console as a browser-less client sees it: log in through the form, keep the cookie, send forms with the CSRF token. */
import type { TestServer } from './server';

export interface ConsoleReply { status: number; text: string; headers: Headers }

export class ConsoleClient {
  cookie = '';
  constructor(readonly s: TestServer, readonly origin = s.url) {}

  async send(method: string, path: string, form?: Record<string, string | string[]>, headers: Record<string, string> = {}): Promise<ConsoleReply> {
    const body = form ? new URLSearchParams(Object.entries(form).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]))).toString() : undefined;
    const res = await fetch(this.s.url + path, {
      method, redirect: 'manual', body,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(method !== 'GET' && this.origin ? { origin: this.origin } : {}), ...headers },
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0];
    return { status: res.status, text: await res.text(), headers: res.headers };
  }

  login(email: string, password: string) { return this.send('POST', '/app/login', { email, password }); }

  /** The CSRF token of the signed-in session, read from a page. */
  async csrf(): Promise<string> {
    const page = await this.send('GET', '/app');
    const m = /name="_csrf" value="([^"]+)"/.exec(page.text);
    if (!m) throw new Error(`no CSRF token on /app (${page.status})`);
    return m[1];
  }
}
