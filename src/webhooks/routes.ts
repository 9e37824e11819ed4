/**
 * Webhook subscriptions, on both base addresses (each company its own):
 *   POST   /v1/webhooks                 {url, events, description?, active?, max_events?}: 201 with the signing `secret`, shown only here
 *   GET    /v1/webhooks, /v1/webhooks/{id}
 *   PATCH  /v1/webhooks/{id}            {url?, events?, description?, active?, max_events?}: checked as the creation checks them
 *   POST   /v1/webhooks/{id}/rotate-secret  a new secret, shown only here; the replaced one still signs for WEBHOOK_SECRET_GRACE_HOURS
 *   DELETE /v1/webhooks/{id}            no more deliveries; the pending ones end as failed
 *   GET    /v1/webhooks/{id}/deliveries  newest first, with their status, attempts and last answer (those of events not
 *                                        fanned out yet first: pending, no attempt; src/webhooks/fanout.ts)
 *   POST   /v1/webhooks/{id}/deliveries/{delivery}/retry   sends a failed (or pending) delivery again now
 * Deliveries: src/webhooks/deliveries.ts.
 */
import crypto from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { RouteModule } from '../platform/app';
import type { Company } from '../platform/auth';
import { DomainError, notFound, Problems } from '../platform/errors';
import { PageOf, PageQuery, paged, pageWindow } from '../platform/http';
import { planRequest, UuidParams } from '../platform/documents';
import { EVENT_TYPES } from './deliveries';
import { kickDispatchers } from './dispatch';
import { DELIVERY_COLUMNS, owed } from './fanout';
import { checkReceiver } from './egress';
import { AAD, sealingKey, storedSecret } from '../platform/secrets';
import type { CountRow } from '../platform/db';
import type { DeliveryRow, WebhookRow } from './rows';

const Url = Type.String({ minLength: 1, maxLength: 2000, description: 'Where events are POSTed: https:// (or http://) on a public address' });
const Events = Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { minItems: 1, maxItems: 50, description: `Event types (<document>.<event>), or "*" for every one: ${EVENT_TYPES.join(', ')}` });
const maxEvents = { minimum: 1, maximum: 100, description: 'Up to this many events in one POST: 1 (the default) POSTs each event alone, '
  + 'as an object; more POSTs a JSON array of up to that many events (a document\'s events together and in order), signed as one body' };
const MaxEvents = Type.Integer(maxEvents);
const WebhookBody = Type.Object({
  url: Url, events: Events,
  description: Type.Optional(Type.String({ maxLength: 500 })),
  active: Type.Optional(Type.Boolean({ default: true })),
  max_events: Type.Optional(Type.Integer({ ...maxEvents, default: 1 })),
}, { additionalProperties: false });
/** A change: only the fields sent change, each checked as the creation checks it. */
const WebhookChange = Type.Object({
  url: Type.Optional(Url), events: Type.Optional(Events),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()], { description: 'null removes it' })),
  active: Type.Optional(Type.Boolean({ description: 'false: no new deliveries, and the pending ones end as failed when their turn comes' })),
  max_events: Type.Optional(MaxEvents),
}, { additionalProperties: false });

const WebhookAnswer = Type.Object({
  id: Type.String({ format: 'uuid' }), url: Type.String(), events: Type.Array(Type.String()), description: Type.Union([Type.String(), Type.Null()]),
  active: Type.Boolean(), max_events: MaxEvents, created_at: Type.String({ format: 'date-time' }),
  previous_secret_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'After a rotation: until when the replaced secret still signs deliveries (a second v1 in Webhook-Signature); null when only the current one signs' }),
  secret: Type.Optional(Type.String({ description: 'The key of Webhook-Signature (HMAC-SHA256); answered only by the creation and by rotate-secret' })),
});

const DeliveryAnswer = Type.Object({
  id: Type.String({ format: 'uuid' }), event_id: Type.String({ format: 'uuid' }), type: Type.String(), document_id: Type.String(),
  status: Type.Union(['pending', 'delivered', 'failed'].map((s) => Type.Literal(s))), attempts: Type.Integer(),
  response_status: Type.Union([Type.Integer(), Type.Null()]), last_error: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }), last_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  delivered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const webhook = (r: WebhookRow) => ({
  id: r.id, url: r.url, events: r.events, description: r.description, active: r.active, max_events: r.max_events, created_at: iso(r.created_at)!,
  previous_secret_expires_at: r.previous_secret && r.previous_secret_expires_at && new Date(r.previous_secret_expires_at).getTime() > Date.now() ? iso(r.previous_secret_expires_at) : null,
});
const newSecret = () => `whsec_${crypto.randomBytes(24).toString('base64url')}`;
const delivery = (r: DeliveryRow) => ({
  id: r.id, event_id: r.event_id, type: r.type, document_id: r.doc_id, status: r.status, attempts: r.attempts, response_status: r.response_status,
  last_error: r.last_error, created_at: iso(r.created_at)!, last_attempt_at: iso(r.last_attempt_at), delivered_at: iso(r.delivered_at),
});

const throwNotFound = (did: string): never => { throw notFound(`Delivery ${did}`); };

export const webhookRoutes: RouteModule = (app, { db, config }) => {
  const tags = ['webhooks'];
  const key = sealingKey(config);
  const params = UuidParams('Webhook');
  const find = async (company: Company, id: string) => {
    const [row] = await db.query<WebhookRow>('SELECT * FROM webhooks WHERE company_id = $1 AND id = $2 AND NOT deleted', [company.company_id, id]);
    if (!row) throw notFound(`Webhook ${id}`);
    return row;
  };
  /** What the creation and a change check beyond the schema: the URL (src/webhooks/egress.ts) and the event types. */
  const check = async (b: { url?: string; events?: string[] }, problems: Problems) => {
    if (b.url !== undefined) {
      // With WEBHOOK_ALLOW_PRIVATE=1 (development), a name that does not resolve yet is accepted.
      const target = await checkReceiver(b.url, config.webhookAllowPrivate, config.resolveHost);
      if ('refused' in target && !(target.unresolved && config.webhookAllowPrivate)) problems.add('invalid_value', `url ${target.refused}`, 'url');
    }
    b.events?.forEach((e, i) => { if (!EVENT_TYPES.includes(e)) problems.add('invalid_value', `Unknown event type "${e}"; one of ${EVENT_TYPES.join(', ')}`, `events[${i}]`); });
  };

  app.post('/webhooks', {
    attachValidation: true,
    schema: { tags, summary: 'Subscribe a URL to events of this company\'s documents; the answer holds the signing secret, shown only once', body: WebhookBody,
      response: { 201: WebhookAnswer } },
  }, async (req, reply) => {
    const body = await planRequest(req, async (problems: Problems) => { await check(req.body, problems); return req.body; });
    const secret = newSecret();
    const id = crypto.randomUUID();
    // Stored sealed, bound to this row (src/platform/secrets.ts).
    const [row] = await db.query<WebhookRow>(
      `INSERT INTO webhooks (company_id, id, url, events, description, active, secret, max_events) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [req.company.company_id, id, body.url, [...new Set(body.events)], body.description ?? null, body.active ?? true,
        storedSecret(key, secret, AAD.webhook(req.company.company_id, id)), body.max_events ?? 1]);
    return reply.status(201).send({ ...webhook(row), secret });
  });

  app.get('/webhooks', { schema: { tags, summary: 'List the webhooks', querystring: PageQuery, response: { 200: PageOf(WebhookAnswer) } } }, async (req) => {
    const [{ n }] = await db.query<CountRow>('SELECT count(*)::int AS n FROM webhooks WHERE company_id = $1 AND NOT deleted', [req.company.company_id]);
    const rows = await db.query<WebhookRow>('SELECT * FROM webhooks WHERE company_id = $1 AND NOT deleted ORDER BY created_at DESC, id LIMIT $2 OFFSET $3',
      [req.company.company_id, ...pageWindow(req.query)]);
    return paged(req.query, n, rows.map(webhook));
  });

  app.get('/webhooks/:id', { schema: { tags, summary: 'Read a webhook (without its secret)', params, response: { 200: WebhookAnswer } } }, async (req) =>
    webhook(await find(req.company, req.params.id)));

  app.patch('/webhooks/:id', {
    attachValidation: true,
    schema: { tags, summary: 'Change a webhook\'s URL, events, description, active flag or max_events (only the fields sent; checked as the creation checks them)',
      params, body: WebhookChange, response: { 200: WebhookAnswer } },
  }, async (req) => {
    const id = req.params.id;
    const body = await planRequest(req, async (problems: Problems) => { await check(req.body, problems); return req.body; });
    await find(req.company, id);
    const [row] = await db.query<WebhookRow>(
      `UPDATE webhooks SET url = COALESCE($3::text, url), events = COALESCE($4::text[], events), active = COALESCE($5::boolean, active),
              description = CASE WHEN $6::boolean THEN $7::text ELSE description END, max_events = COALESCE($8::int, max_events), updated_at = now()
        WHERE company_id = $1 AND id = $2 AND NOT deleted RETURNING *`,
      [req.company.company_id, id, body.url ?? null, body.events ? [...new Set(body.events)] : null, body.active ?? null,
        body.description !== undefined, body.description ?? null, body.max_events ?? null]);
    if (!row) throw notFound(`Webhook ${id}`);
    return webhook(row);
  });

  app.post('/webhooks/:id/rotate-secret', {
    schema: { tags, summary: 'A new signing secret, shown only in this answer; the replaced one still signs deliveries (beside the new one) for WEBHOOK_SECRET_GRACE_HOURS (24)',
      params, response: { 200: Type.Required(WebhookAnswer) } },
  }, async (req) => {
    const id = req.params.id;
    await find(req.company, id);
    const secret = newSecret();
    // The replaced secret keeps its sealed form (same row, same AAD); a second rotation within the grace drops the oldest.
    const [row] = await db.query<WebhookRow>(
      `UPDATE webhooks SET previous_secret = CASE WHEN $3::int > 0 THEN secret END,
              previous_secret_expires_at = CASE WHEN $3::int > 0 THEN now() + make_interval(hours => $3::int) END,
              secret = $4, updated_at = now()
        WHERE company_id = $1 AND id = $2 AND NOT deleted RETURNING *`,
      [req.company.company_id, id, config.webhookSecretGraceHours, storedSecret(key, secret, AAD.webhook(req.company.company_id, id))]);
    if (!row) throw notFound(`Webhook ${id}`);
    return { ...webhook(row), secret };
  });

  app.delete('/webhooks/:id', { schema: { tags, summary: 'Delete a webhook: no more deliveries; its pending ones end as failed', params, response: { 200: Type.Object({ id: Type.String({ format: 'uuid' }), deleted: Type.Literal(true) }) } } }, async (req) => {
    const id = req.params.id;
    await find(req.company, id);
    await db.tx(async (q) => {
      await q.query('UPDATE webhooks SET deleted = true, active = false, updated_at = now() WHERE company_id = $1 AND id = $2', [req.company.company_id, id]);
      await q.query(`UPDATE webhook_deliveries SET status = 'failed', last_error = 'The webhook was deleted' WHERE company_id = $1 AND webhook_id = $2 AND status = 'pending'`,
        [req.company.company_id, id]);
    });
    return { id, deleted: true as const };
  });

  app.get('/webhooks/:id/deliveries', { schema: { tags, summary: 'The webhook\'s deliveries, newest first', params, querystring: PageQuery, response: { 200: PageOf(DeliveryAnswer) } } }, async (req) => {
    const id = req.params.id;
    await find(req.company, id);
    // The rows (sent at least once, or waiting behind an earlier event), and newest the deliveries the events not fanned out yet owe (./fanout.ts).
    const owedHere = owed('w.company_id = $1 AND w.id = $2');
    const [{ n }] = await db.query<CountRow>(`SELECT (SELECT count(*) FROM webhook_deliveries WHERE company_id = $1 AND webhook_id = $2)::int
      + (SELECT count(*) FROM (${owedHere}) o)::int AS n`, [req.company.company_id, id]);
    const rows = await db.query<DeliveryRow>(`SELECT * FROM (SELECT ${DELIVERY_COLUMNS}, 0 AS k, eid AS ord FROM (${owedHere}) o
      UNION ALL SELECT ${DELIVERY_COLUMNS}, 1 AS k, seq AS ord FROM webhook_deliveries WHERE company_id = $1 AND webhook_id = $2) d
      ORDER BY k, ord DESC LIMIT $3 OFFSET $4`, [req.company.company_id, id, ...pageWindow(req.query)]);
    return paged(req.query, n, rows.map(delivery));
  });

  app.post('/webhooks/:id/deliveries/:delivery/retry', {
    schema: { tags, summary: 'Send a delivery again now (a failed one, or a pending one without waiting for its backoff)',
      params: Type.Object({ id: params.properties.id, delivery: Type.String({ format: 'uuid', description: 'Delivery id' }) }), response: { 202: DeliveryAnswer } },
  }, async (req, reply) => {
    const { id, delivery: did } = req.params;
    const hook = await find(req.company, id);
    if (!hook.active) throw new DomainError('invalid_document', `Webhook ${id} is not active`, 'id');
    const row = await db.tx(async (q) => {
      const [d] = await q.query<DeliveryRow>(`UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), locked_until = NULL
          WHERE company_id = $1 AND webhook_id = $2 AND id = $3 AND status <> 'delivered' RETURNING *`,
        [req.company.company_id, id, did]);
      if (!d) {
        const [known] = await q.query<DeliveryRow>('SELECT * FROM webhook_deliveries WHERE company_id = $1 AND webhook_id = $2 AND id = $3', [req.company.company_id, id, did]);
        // Owed by an event not fanned out yet: it goes with the next claim, now.
        if (!known) return (await q.query<DeliveryRow>(`SELECT * FROM (${owed('w.company_id = $1 AND w.id = $2')}) o WHERE o.id = $3`, [req.company.company_id, id, did]))[0] ?? throwNotFound(did);
        throw new DomainError('invalid_document', `Delivery ${did} was delivered already`, 'delivery');
      }
      return d;
    });
    kickDispatchers();
    return reply.status(202).send(delivery(row));
  });
};
