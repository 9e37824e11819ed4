/**
 * Reports that prove the books, per company, on both base addresses:
 *
 *   GET /v1/reports/trial-balance?date_start&date_end
 *     each account's opening balance (before date_start), debits and credits
 *     within the dates, and closing balance; balances are debit − credit
 *     (a credit balance is negative), so the balances of all accounts add up
 *     to 0 and the total debits equal the total credits.
 *
 *   GET /v1/reports/accounts-receivable?date&page&page_size
 *     the due items still open on that date (payments of vouchers dated up to
 *     it and not annulled by then; invoices not annulled by then), per customer
 *     and currency, in aging buckets by days past due: current (not yet due),
 *     1–30, 31–60, 61–90, over 90; by pages of customers (and currency), with
 *     the bucket totals of the whole report (or of the customer filter) on
 *     every page.
 *
 *   GET /v1/customers/{id}/statement?date_start&date_end, …/statement/pdf
 *     a customer's statement (./statement.ts), as JSON or a PDF;
 *   POST /v1/customers/{id}/statement/mail  {"date_start", "date_end", "mail_to", "copy_to"}
 *     queues its e-mail (202) with the PDF, drawn when it is sent, to mail_to (default: the customer's contacts).
 *
 * Both read sums kept by the writing statements (src/ledger/balances.ts,
 * ./receivables.ts), not every journal line or due item.
 */
import { Type } from '@sinclair/typebox';
import type { RouteModule } from '../platform/app';
import { DomainError } from '../platform/errors';
import { todayIn } from '../invoices/lookup';
import { DateFilter, filterDay } from '../platform/dates';
import { PageQuery } from '../platform/http';
import { periodSums } from '../ledger/balances';
import { BUCKETS, receivablesReport } from './receivables';
import { readStatement, statementPdf } from './statement';
import type { Company } from '../platform/auth';
import { notFound } from '../platform/errors';
import { Nullable } from '../platform/answers';
import { Enum } from '../platform/validation';
import { dec, num } from '../platform/money';
import { reportTurns } from '../platform/throttle';
import { addressList, MailBody } from '../mail/routes';
import { requestStatementMail } from '../mail/store';
import { Problems } from '../platform/errors';


const TrialQuery = Type.Object({
  date_start: Type.Optional(DateFilter('First day of the period; omitted: from the first entry')),
  date_end: Type.Optional(DateFilter('Last day of the period; omitted: up to the last entry')),
});
const AgingQuery = Type.Object({
  ...PageQuery.properties,
  date: Type.Optional(DateFilter('The day the receivables are aged at; omitted: today in the company\'s time zone')),
  customer_identification: Type.Optional(Type.String({ maxLength: 50 })),
  customer_branch_office: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
});

const Sums = { opening_balance: Type.Number(), debits: Type.Number(), credits: Type.Number(), closing_balance: Type.Number() };
const TrialBalance = Type.Object({
  date_start: Nullable(Type.String({ format: 'date' })), date_end: Nullable(Type.String({ format: 'date' })),
  accounts: Type.Array(Type.Object({ code: Type.String(), name: Nullable(Type.String()), nature: Nullable(Type.String({ description: 'Debit or Credit' })), ...Sums })),
  totals: Type.Object(Sums),
  balanced: Type.Boolean({ description: 'Debits equal credits and the balances add up to 0' }),
});
const Buckets = Type.Object({ current: Type.Number(), days_1_30: Type.Number(), days_31_60: Type.Number(), days_61_90: Type.Number(), days_over_90: Type.Number(), total: Type.Number() });
const Receivables = Type.Object({
  date: Type.String({ format: 'date' }),
  pagination: Type.Object({ page: Type.Integer(), page_size: Type.Integer(), total_results: Type.Integer() }),
  customers: Type.Array(Type.Object({
    customer: Type.Object({ id: Type.String(), identification: Type.String(), branch_office: Type.Integer(), name: Type.String() }),
    currency: Type.String(),
    items: Type.Array(Type.Object({
      invoice: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), date: Type.String({ format: 'date' }) }),
      due: Type.Object({ prefix: Type.String(), consecutive: Type.Integer(), quote: Type.Integer(), date: Type.String({ format: 'date' }) }),
      amount: Type.Number(), paid: Type.Number(), balance: Type.Number(), days_past_due: Type.Integer(), bucket: Enum(BUCKETS),
    })),
    totals: Buckets,
  })),
  totals: Type.Array(Type.Object({ currency: Type.String(), ...Buckets.properties }), { description: 'Per currency, of the whole report (or of the customer filter)' }),
});

const StatementQuery = Type.Object({
  date_start: Type.Optional(DateFilter('First day of the period; omitted: the first day of date_end\'s month')),
  date_end: Type.Optional(DateFilter('Last day of the period; omitted: today in the company\'s time zone')),
});
const Statement = Type.Object({
  customer: Type.Object({ id: Type.String(), identification: Type.String(), branch_office: Type.Integer(), name: Type.String() }),
  date_start: Type.String({ format: 'date' }), date_end: Type.String({ format: 'date' }),
  currencies: Type.Array(Type.Object({
    currency: Type.String(),
    opening_balance: Type.Number({ description: 'What the customer owed at the end of the day before date_start (the receivables report of that day)' }),
    debits: Type.Number(), credits: Type.Number(),
    closing_balance: Type.Number({ description: 'What the customer owes at the end of date_end: the receivables report of that day for the customer' }),
    movements: Type.Array(Type.Object({
      date: Type.String({ format: 'date' }), kind: Enum(['invoice', 'debit_note', 'voucher', 'credit_note', 'payment']),
      document: Type.Object({ id: Type.String(), name: Type.String() }), description: Type.String(),
      invoice: Type.String({ description: 'The invoice whose installment it moves' }), quote: Type.Integer(), due_date: Type.String({ format: 'date' }),
      debit: Type.Number(), credit: Type.Number(), balance: Type.Number({ description: 'The running balance after it' }),
    })),
    aging: Buckets,
  }), { description: 'One part per currency the customer\'s documents are in' }),
});

const StatementMailBody = Type.Object({ ...StatementQuery.properties, ...MailBody.properties }, { additionalProperties: false });
const MailQueued = Type.Object({
  id: Type.String({ format: 'uuid', description: 'The e-mail\'s id' }), status: Type.String({ description: 'process_of_sending until the mail job sends it' }),
  mail_to: Nullable(Type.Array(Type.String({ description: 'null: the customer\'s contact e-mails' }))), copy_to: Type.Array(Type.String()),
  date_start: Type.String({ format: 'date' }), date_end: Type.String({ format: 'date' }),
});

export const reportRoutes: RouteModule = (app, { db, outbox }) => {
  const tags = ['reports'];

  /** The statement of a customer of the company (404 otherwise) for the query's period. */
  const statement = async (company: Company, id: number, q: { date_start?: string; date_end?: string }) => {
    const end = q.date_end === undefined ? todayIn(company.time_zone) : filterDay(q.date_end);
    const start = q.date_start === undefined ? `${end.slice(0, 7)}-01` : filterDay(q.date_start);
    if (start > end) throw new DomainError('invalid_date', `date_end (${end}) is before date_start (${start})`, 'date_end');
    const st = await readStatement(db, company.company_id, id, start, end);
    if (!st) throw notFound(`Customer ${id}`);
    return { customer: st.customer, date_start: st.date_start, date_end: st.date_end, currencies: st.currencies };
  };
  const params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
  app.get('/customers/:id/statement', {
    schema: { tags, summary: 'A customer\'s statement: opening balance, each document and payment with the running balance, what is owed by age, closing balance',
      params, querystring: StatementQuery, response: { 200: Statement } },
  }, async (req) => statement(req.company, (req.params as { id: number }).id, req.query));
  app.get('/customers/:id/statement/pdf', {
    schema: { tags, summary: 'A customer\'s statement as a PDF: {"base64": …}, or the PDF itself with Accept: application/pdf', params, querystring: StatementQuery },
  }, async (req, reply) => {
    const pdf = await statementPdf(req.company, await statement(req.company, (req.params as { id: number }).id, req.query));
    if (/application\/pdf/.test(String(req.headers.accept ?? ''))) return reply.type('application/pdf').send(pdf);
    return { base64: pdf.toString('base64') };
  });

  app.post('/customers/:id/statement/mail', {
    schema: { tags, summary: 'E-mail a customer\'s statement (its PDF) to the customer\'s contacts or to mail_to', params, body: StatementMailBody, response: { 202: MailQueued } },
  }, async (req, reply) => {
    const body = req.body ?? {};
    const problems = new Problems();
    const to = addressList(body.mail_to, 'mail_to', problems);
    const copyTo = addressList(body.copy_to, 'copy_to', problems);
    problems.throwIfAny();
    // The customer and the period as the statement reads them (404, or the refusal of the dates).
    const st = await statement(req.company, (req.params as { id: number }).id, body);
    const cid = req.company.company_id;
    const queued = await db.tx((q) => requestStatementMail(q, cid, (req.params as { id: number }).id, st.date_start, st.date_end, { to, copyTo }));
    void outbox?.kick();
    return reply.status(202).send({ ...queued, mail_to: to.length ? to : null, copy_to: copyTo, date_start: st.date_start, date_end: st.date_end });
  });

  app.get('/reports/trial-balance', { schema: { tags, summary: 'Trial balance: opening balance, debits, credits and closing balance per account', querystring: TrialQuery, response: { 200: TrialBalance } } }, async (req) => {
    const q = req.query;
    const [start, end] = [q.date_start, q.date_end].map((d) => (d === undefined ? undefined : filterDay(d)));
    if (start && end && start > end) throw new DomainError('invalid_date', `date_end (${end}) is before date_start (${start})`, 'date_end');
    const rows = await reportTurns.run(String(req.company.company_id), () => periodSums(db, req.company.company_id, start, end));
    const totals = { opening_balance: dec(0), debits: dec(0), credits: dec(0), closing_balance: dec(0) };
    const accounts = [];
    for (const r of rows) {
      const opening = dec(r.opening), debits = dec(r.debits), credits = dec(r.credits);
      if (opening.isZero() && debits.isZero() && credits.isZero()) continue;
      const closing = opening.plus(debits).minus(credits);
      totals.opening_balance = totals.opening_balance.plus(opening);
      totals.debits = totals.debits.plus(debits);
      totals.credits = totals.credits.plus(credits);
      totals.closing_balance = totals.closing_balance.plus(closing);
      accounts.push({ code: r.code, name: r.name, nature: r.nature, opening_balance: num(opening), debits: num(debits), credits: num(credits), closing_balance: num(closing) });
    }
    return {
      date_start: start ?? null, date_end: end ?? null, accounts,
      totals: { opening_balance: num(totals.opening_balance), debits: num(totals.debits), credits: num(totals.credits), closing_balance: num(totals.closing_balance) },
      balanced: totals.debits.eq(totals.credits) && totals.opening_balance.isZero() && totals.closing_balance.isZero(),
    };
  });

  app.get('/reports/accounts-receivable', {
    schema: { tags, summary: 'Accounts receivable: open due items per customer with aging buckets, by pages of customers (totals of the whole report on every page)', querystring: AgingQuery, response: { 200: Receivables } },
  }, async (req) => {
    const q = req.query;
    const date = q.date === undefined ? todayIn(req.company.time_zone) : filterDay(q.date);
    return reportTurns.run(String(req.company.company_id), () => receivablesReport(db, req.company.company_id, { ...q, date }));
  });
};
