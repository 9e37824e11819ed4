/**
 * quietWhen (src/platform/events.ts): an event may be written without calling its subscribers only when every
 * subscriber of its type said, with a SQL probe, when it would do nothing; one subscriber without a probe
 * sends every event of its types through emit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { quietWhen, subscribe } from '../../src/platform/events';
import '../../src/mail/store';
import '../../src/webhooks/deliveries';

test('the stamp events: quiet when no mail waits, whatever webhooks take them', () => {
  const accepted = quietWhen('invoice.stamp_accepted')!;
  assert.match(accepted, /FROM mails m WHERE m\.company_id = \$1 AND m\.doc_kind = 'invoice' AND m\.doc_id = \$2 AND m\.status = 'pending_send'/);
  assert.match(accepted, /doc\.mail_status IS DISTINCT FROM 'pending_send'/);
  // Webhooks need the event's row alone (their deliveries are derived from it afterwards): no probe of theirs.
  assert.doesNotMatch(accepted, /webhooks/);
  assert.match(quietWhen('credit_note.stamp_rejected')!, /m\.doc_kind = 'credit_note'/);
});

test('a subscriber without a probe: its events always go through emit', () => {
  assert.notEqual(quietWhen('voucher.annulled'), null);
  subscribe(['voucher.annulled'], async () => undefined);
  assert.equal(quietWhen('voucher.annulled'), null);
  assert.notEqual(quietWhen('invoice.annulled'), null, 'other types keep their probes');
});
