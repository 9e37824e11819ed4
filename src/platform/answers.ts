/**
 * Parts every document's answer shares (the response schemas of
 * src/invoices/co/schema.ts, src/invoices/mx/schema.ts, src/vouchers/schema.ts):
 * the same TypeBox schemas give the types that the UBL, CFDI and PDF builders
 * take, the OpenAPI's responses, and the answers' serializers (each document's
 * answer.ts: stored row → answer), whose shared parts are at the end here.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { MAIL_STATES, STAMP_STATES, type MailStatus, type StampStatus } from './states';
import { stampMessages, type StoredRow } from './stored';

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** The fields every document's answer opens with: its id, its document type, prefix, number and name. */
export function documentHead<I extends { id: string | null; prefix: string; number: number | null; name: string | null }, D extends { id?: unknown; name?: unknown }>(
  docType: D, ids: I): { id: I['id']; document: { id: D['id']; name: D['name'] }; prefix: string; number: I['number']; name: I['name'] } {
  return { id: ids.id, document: { id: docType.id, name: docType.name }, prefix: ids.prefix, number: ids.number, name: ids.name };
}

/** A document type, a warehouse…: its id and name. */
export const Ref = Type.Object({ id: Type.Integer(), name: Type.String() });

/** A tax or withholding as a document carries it: its amount and the base it was computed on. */
export const TaxAnswer = Type.Object({
  id: Type.Integer(), name: Type.Optional(Nullable(Type.String())), type: Type.String(),
  percentage: Type.Number(), value: Type.Number(), base_value: Type.Number(),
});

export const StampStatusAnswer = Type.Union(STAMP_STATES.map((s) => Type.Literal(s)));
export const MailAnswer = Type.Object({
  send: Type.Optional(Type.Boolean()),
  status: Type.Union(MAIL_STATES.map((s) => Type.Literal(s))),
  observations: Nullable(Type.String()),
});

/** A Mexican CFDI's cancellation with the SAT (src/countries/mx/sat/cancel.ts): null until one is asked. */
export const CancellationAnswer = Type.Object({
  status: Type.Union(['Requested', 'PendingAcceptance', 'Cancelled', 'Rejected'].map((s) => Type.Literal(s))),
  motive: Type.String({ description: 'c_MotivoCancelacion: 01–04' }),
  substitution: Nullable(Type.String({ description: 'The UUID of the CFDI that replaces it (motive 01)' })),
  requested_at: Type.String({ format: 'date-time' }),
  errors: Nullable(Type.String()),
});

export const Metadata = Type.Object({
  created: Type.String({ format: 'date-time' }),
  last_updated: Type.String({ format: 'date-time' }),
  stock_updated: Type.Optional(Type.Null()),
});

/** What every stamped Mexican document answers after its figures: its stamp (UUID), mail, metadata and cancellation. */
export const MxStoredAnswer = {
  stamp: Type.Object({
    send: Type.Boolean(), status: StampStatusAnswer, uuid: Nullable(Type.String()), errors: Nullable(Type.String()), observations: Nullable(Type.String()),
  }),
  mail: MailAnswer,
  metadata: Metadata,
  annulled: Type.Boolean(),
  cancellation: Type.Optional(Nullable(CancellationAnswer)),
};

/** id, number and name: null only in a preview (nothing stored, no number taken). */
export const Identity = {
  id: Nullable(Type.String({ format: 'uuid' })),
  document: Ref,
  prefix: Type.String(),
  number: Nullable(Type.Integer()),
  name: Nullable(Type.String()),
};

/**
 * A document's row as its serializer reads it: the columns every document table keeps (src/platform/stored.ts)
 * with the stored JSON typed as the document it is, and the states as the values the tables' checks allow.
 */
export type RowOf<D> = Omit<StoredRow, 'document' | 'stamp_status' | 'mail_status'> & { document: D; stamp_status: StampStatus; mail_status: MailStatus };

/** The mail group of an answer: whether it was asked (as stored) and where its sending stands (the columns). */
export function mailAnswer(row: Pick<RowOf<unknown>, 'mail_status' | 'mail_observations'>, send: boolean | undefined): Static<typeof MailAnswer> {
  return { send, status: row.mail_status, observations: row.mail_observations };
}

/** The metadata of an answer: when it was created (as stored) and last changed (the row). */
export function metadataAnswer(row: Pick<RowOf<unknown>, 'updated_at'>, stored: Static<typeof Metadata>): Static<typeof Metadata> {
  return { created: stored.created, last_updated: new Date(row.updated_at).toISOString(), stock_updated: stored.stock_updated };
}

/** A Mexican document's stamp: asked or not (as stored), its state, its fiscal folio once the SAT accepted it, and the PAC's messages. */
export function mxStampAnswer(row: RowOf<{ stamp: { send: boolean } }> & { stamp_uuid: string | null }): Static<typeof MxStoredAnswer.stamp> {
  return { send: row.document.stamp.send, status: row.stamp_status, uuid: row.stamp_status === 'Accepted' ? row.stamp_uuid : null, ...stampMessages(row) };
}

/** The fields an answer opens with (Identity), from its stored document. */
interface IdentityAnswer { id: string | null; document: Static<typeof Ref>; prefix: string; number: number | null; name: string | null }
export function identityAnswer(d: IdentityAnswer): IdentityAnswer {
  return { id: d.id, document: d.document, prefix: d.prefix, number: d.number, name: d.name };
}
