/** The rows of webhooks and webhook_deliveries (migrations/029_webhooks.sql) as they are read. */

export interface WebhookRow {
  company_id: number;
  id: string;
  url: string;
  events: string[];
  description: string | null;
  active: boolean;
  /** Sealed (src/platform/secrets.ts). */
  secret: string;
  /** The secret replaced by the last rotation (sealed like `secret`), valid until previous_secret_expires_at (migrations/047). */
  previous_secret: string | null;
  previous_secret_expires_at: Date | string | null;
  /** Up to this many events in one POST (a JSON array when above 1; migrations/074). */
  max_events: number;
  deleted: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface DeliveryRow {
  company_id: number;
  id: string;
  seq: string;
  webhook_id: string;
  event_id: string;
  type: string;
  doc_kind: string;
  doc_id: string;
  body: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
  delivered_at: Date | string | null;
}
