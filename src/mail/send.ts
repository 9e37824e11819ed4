/**
 * The outbox handler of kind `mail`: composes the message of one mails row
 * (subject with the document's number, plain text and HTML, the PDF and, for
 * an accepted electronic invoice, its XML) and hands it to the mailer. A
 * Colombian electronic invoice, credit note or debit note goes as the annex
 * describes: one attachment, z<stem>.zip, holding its AttachedDocument (the
 * signed document and the authority's ApplicationResponse, signed by the
 * issuer) and its PDF, under the subject "NIT;issuer;number;type;trade name;"
 * (type 01 an invoice, 91 a credit note, 92 a debit note). A test document (made by a
 * sandbox authority or in a test environment) says so in its subject and text.
 *
 * Never twice: a row already `sent` is not sent again, and its Message-ID is
 * the same on every attempt. The mail is marked sent as soon as the server
 * accepted it, in its own statement, so that only a crash in between could
 * repeat it, and then with the same Message-ID.
 */
import type { Db } from '../platform/db';
import type { Job } from '../platform/outbox';
import type { CpuPool } from '../workers/pool';
import { documentFiles, type DocumentFiles } from '../pdf/document';
import { runTask } from '../workers/tasks';
import { Credentials } from '../einvoice/credentials';
import { isPermanent, type Mailer, type Message } from './mailer';
import { isEmail, showOnDocument, type DocKind, type MailRow } from './store';
import { readStatement, statementPdf } from '../reports/statement';
import type { CountryCode } from '../countries';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The customer's contact e-mails, without repeats. */
export function contactEmails(customer: { contacts?: { email?: string | null }[] | null } | null): string[] {
  return [...new Set((customer?.contacts ?? []).map((c) => (c.email ?? '').trim()).filter(isEmail))];
}

/** The e-mail's single attachment of a Colombian electronic invoice: its AttachedDocument and PDF in one ZIP (null when it has none). */
export async function attachedPackage(db: Db, files: DocumentFiles, o: { pool?: CpuPool; credentials?: Credentials } = {}):
  Promise<{ filename: string; content: Buffer; contentType: string } | null> {
  if (!files.xml || !files.applicationResponse || !files.stem || !files.zipStem) return null;
  const credentials = await (o.credentials ?? new Credentials(db, o.pool)).company(files.company);
  // Signed and zipped on the pool's threads when there is one.
  const pack = await runTask(o.pool, 'dian.attached', { invoiceXml: files.xml, applicationResponse: files.applicationResponse, pdf: files.pdf, stem: files.stem, zipStem: files.zipStem, credentials });
  return { filename: pack.zipName, content: Buffer.from(pack.zip.buffer, pack.zip.byteOffset, pack.zip.byteLength), contentType: 'application/zip' };
}

/** Subject, text and HTML of a document's e-mail, in Spanish; `pack` replaces the PDF and XML attachments (attachedPackage). */
export function compose(files: DocumentFiles, from: string, pack: { filename: string; content: Buffer; contentType: string } | null = null): Omit<Message, 'messageId' | 'to' | 'cc'> {
  const { company, label, name, total, currency, date, dueDates, reference, testNotice, dian } = files.summary;
  const file = name.replace(/\s+/g, '');
  const lines = [
    ...(testNotice ? [`${testNotice}.`, ''] : []),
    `Estimado cliente ${files.summary.customerName}:`,
    '',
    `${company.name} le envía la ${label.toLowerCase()} ${name} del ${date}, por un total de ${total} ${currency}.`,
    ...(dueDates.length ? [`Vencimiento: ${dueDates.join(', ')}.`] : []),
    ...(reference ? [reference] : []),
    '',
    pack ? `Encontrará adjunto el archivo ${pack.filename}, con el documento electrónico (AttachedDocument: ${/^nota/i.test(label) ? 'la nota' : 'la factura'} firmada y la respuesta de la autoridad) y su representación gráfica en PDF.`
      : `Encontrará el documento adjunto en PDF${files.xml ? ' y su XML firmado' : ''}.`,
    '',
    'Cordialmente,',
    company.name,
  ];
  return {
    from,
    replyTo: company.email || undefined,
    // The annex's subject starts with the NIT (NIT;Name;Number;Type;Trade name;): a test notice goes in the text and the PDF only.
    subject: dian ? `${dian.nit};${company.name};${dian.number};${dian.typeCode};${dian.commercialName};` : `${testNotice ? 'PRUEBA SIN VALIDEZ FISCAL - ' : ''}${label} ${name} - ${company.name}`,
    text: lines.join('\n'),
    html: `<!doctype html><html lang="es"><body>${lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('')}</body></html>`,
    attachments: pack ? [pack] : [
      { filename: `${file}.pdf`, content: files.pdf, contentType: 'application/pdf' },
      ...(files.xml ? [{ filename: `${file}.xml`, content: files.xml, contentType: 'application/xml' }] : []),
    ],
  };
}

/**
 * The e-mail of a customer's statement (a mails row of doc_kind 'statement', migration 069): its PDF drawn now from the
 * customer's movements for the row's period (src/reports/statement.ts), in Spanish, to mail_to or the customer's contacts.
 */
async function statementMessage(db: Db, cid: number, mail: MailRow, from: string): Promise<Message> {
  const [company] = await db.query<{ country: CountryCode; legal_name: string; tax_id: string; check_digit: string | null; settings: { email?: unknown } | null }>(
    'SELECT country, legal_name, tax_id, check_digit, settings FROM companies WHERE company_id = $1', [cid]);
  const st = await readStatement(db, cid, Number(mail.customer_id), String(mail.period_start), String(mail.period_end));
  if (!company || !st) throw new Error(`customer ${mail.customer_id} not found`);
  const pdf = await statementPdf(company, st);
  const day = (d: string) => d.split('-').reverse().join('/');
  const owed = st.currencies.map((c) => `${c.closing_balance.toFixed(2)} ${c.currency}`).join(', ');
  const lines = [
    `Estimado cliente ${st.customer.name}:`, '',
    `${company.legal_name} le envía su estado de cuenta del ${day(st.date_start)} al ${day(st.date_end)}.`,
    st.currencies.length ? `Saldo al ${day(st.date_end)}: ${owed}.` : 'No tiene movimientos de cartera.',
    '', 'Encontrará el detalle adjunto en PDF: saldo anterior, cada documento y pago con el saldo que deja, y lo que se debe por edades.', '',
    'Cordialmente,', company.legal_name,
  ];
  const email = typeof company.settings?.email === 'string' ? company.settings.email : undefined;
  return {
    from, replyTo: email || undefined, to: mail.mail_to ?? contactEmails(st), cc: mail.copy_to, messageId: mail.message_id,
    subject: `Estado de cuenta ${st.customer.identification} del ${day(st.date_start)} al ${day(st.date_end)} - ${company.legal_name}`,
    text: lines.join('\n'),
    html: `<!doctype html><html lang="es"><body>${lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('')}</body></html>`,
    attachments: [{ filename: `estado-de-cuenta-${st.customer.identification.replace(/[^A-Za-z0-9-]+/g, '-')}-${st.date_start}-${st.date_end}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}

/** `credentials`: the process's decoded certificates (src/einvoice/credentials.ts), kept between mails. */
export function mailHandler(db: Db, mailer: Mailer, o: { from: string; maxAttempts: number; pool?: CpuPool; credentials?: Credentials }) {
  const credentials = o.credentials ?? new Credentials(db, o.pool);
  const record = (cid: number, id: string, status: string, observations: string | null) => db.tx(async (q) => {
    await q.query(`UPDATE mails SET status = $3, observations = $4, sent_at = CASE WHEN $3 = 'sent' THEN now() END, updated_at = now()
                    WHERE company_id = $1 AND id = $2`, [cid, id, status, observations]);
    await showOnDocument(q, cid, id);
  });

  return async (job: Job): Promise<unknown> => {
    const cid = job.company_id;
    const [mail] = await db.query<MailRow>('SELECT * FROM mails WHERE company_id = $1 AND id = $2', [cid, job.ref_id]);
    if (!mail || mail.status !== 'process_of_sending') return { status: mail?.status ?? 'gone' };
    let message: Message;
    try {
      if (mail.doc_kind === 'statement') {
        message = await statementMessage(db, cid, mail, o.from);
        if (!message.to || !(message.to as string[]).length) {
          await record(cid, mail.id, 'failed_delivery', 'The customer has no contact e-mail; send the statement to an address');
          return { status: 'failed_delivery' };
        }
      } else {
        const files = await documentFiles(db, cid, mail.doc_kind as DocKind, mail.doc_id, o.pool);
        const to: string[] = mail.mail_to ?? contactEmails(files.customer);
        if (!to.length) {
          await record(cid, mail.id, 'failed_delivery', 'The customer has no contact e-mail; send it with POST …/mail and "mail_to"');
          return { status: 'failed_delivery' };
        }
        message = { ...compose(files, o.from, await attachedPackage(db, files, { pool: o.pool, credentials })), to, cc: mail.copy_to, messageId: mail.message_id };
      }
    } catch (e) {
      await record(cid, mail.id, 'failed_delivery', `The e-mail could not be composed: ${(e as Error).message}`);
      return { status: 'failed_delivery' };
    }
    try {
      await mailer.send(message);
    } catch (e) {
      const why = (e as Error).message ?? String(e);
      if (isPermanent(e) || job.attempts >= o.maxAttempts) {
        await record(cid, mail.id, 'failed_delivery', `Not delivered after ${job.attempts} attempt(s): ${why}`);
        return { status: 'failed_delivery' };
      }
      await record(cid, mail.id, 'process_of_sending', `Attempt ${job.attempts} failed, retrying: ${why}`);
      throw e;
    }
    await record(cid, mail.id, 'sent', null);
    return { status: 'sent', to: message.to, cc: message.cc };
  };
}
