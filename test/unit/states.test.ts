/**
 * The document state machine (src/platform/states.ts) and the invoice guards
 * (src/invoices/kernel.ts): pure, so every allowed and refused case is listed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertStampMove, canMailMove, canStampMove, IllegalTransition, isStampStatus, STAMP_STATES, type StampStatus } from '../../src/platform/states';
import { canAnnul, canCredit, canDelete, canEdit, canStamp, type InvoiceFacts } from '../../src/invoices/kernel';

test('stamp transitions: Draft → Pending → Accepted | Rejected; Rejected is sent again or edited; Accepted is final', () => {
  const allowed = STAMP_STATES.flatMap((from) => STAMP_STATES.filter((to) => canStampMove(from, to)).map((to) => `${from}→${to}`));
  assert.deepEqual(allowed, ['Draft→Draft', 'Draft→Pending', 'Pending→Pending', 'Pending→Accepted', 'Pending→Rejected', 'Rejected→Draft', 'Rejected→Pending', 'Rejected→Rejected']);
  assert.throws(() => assertStampMove('Accepted', 'Pending', 'invoice FV-1'), (e: Error) => e instanceof IllegalTransition && /FV-1: stamp state Accepted cannot become Pending/.test(e.message));
  assert.throws(() => assertStampMove('Draft', 'Accepted', 'x'), IllegalTransition);
  assert.doesNotThrow(() => assertStampMove('Pending', 'Rejected', 'x'));
  assert.equal(isStampStatus('Pending'), true);
  assert.equal(isStampStatus('pending'), false);
});

test('mail transitions: a waiting mail goes out or is dropped; sent and failed are final', () => {
  assert.equal(canMailMove('not_sent', 'pending_send'), true);
  assert.equal(canMailMove('pending_send', 'process_of_sending'), true);
  assert.equal(canMailMove('process_of_sending', 'sent'), true);
  assert.equal(canMailMove('sent', 'process_of_sending'), false);
  assert.equal(canMailMove('failed_delivery', 'sent'), false);
  assert.equal(canMailMove('not_sent', 'sent'), false);
});

const inv = (stamp_status: StampStatus, over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({ name: 'FV-7', annulled: false, stamp_status, paid: 0, ...over });
const code = (r: { code: string; message: string } | null) => (r ? `${r.code}: ${r.message}` : null);

test('canEdit: Draft and Rejected, not annulled, not paid', () => {
  assert.equal(canEdit(inv('Draft')), null);
  assert.equal(canEdit(inv('Rejected')), null);
  assert.equal(code(canEdit(inv('Pending'))), 'non_editable: Invoice FV-7 is Pending: only Draft and Rejected invoices can be changed');
  assert.equal(code(canEdit(inv('Accepted'))), 'non_editable: Invoice FV-7 is Accepted: only Draft and Rejected invoices can be changed');
  assert.equal(code(canEdit(inv('Draft', { annulled: true }))), 'non_editable: Invoice FV-7 is annulled');
  assert.equal(code(canEdit(inv('Draft', { paid: '0.01' }))), 'non_editable: Invoice FV-7 has payments applied');
});

test('canAnnul: not twice, not an accepted invoice, not a paid one', () => {
  assert.equal(canAnnul(inv('Draft')), null);
  assert.equal(canAnnul(inv('Pending')), null);
  assert.equal(canAnnul(inv('Rejected')), null);
  assert.equal(code(canAnnul(inv('Draft', { annulled: true }))), 'invalid_document: Invoice FV-7 is already annulled');
  assert.equal(code(canAnnul(inv('Accepted'))), 'invalid_document: Invoice FV-7 was accepted by the tax authority; it is cancelled with a credit note, not here');
  assert.equal(code(canAnnul(inv('Draft', { paid: '250.00' }))), 'invalid_document: Invoice FV-7 has payments applied (250.00); annul those cash receipts first');
});

test('canStamp: electronic, not annulled, not accepted yet', () => {
  assert.equal(canStamp(inv('Draft')), null);
  assert.equal(canStamp(inv('Rejected', { electronic: true })), null);
  assert.equal(code(canStamp(inv('Draft', { electronic: false }))), 'invalid_document: Invoice FV-7 is not of an electronic document type');
  assert.equal(code(canStamp(inv('Draft', { annulled: true }))), 'invalid_document: Invoice FV-7 is annulled');
  assert.equal(code(canStamp(inv('Accepted'))), 'invalid_document: Invoice FV-7 was already accepted');
});

test('canDelete: only what never reached the authority and no receipt pays', () => {
  assert.equal(canDelete(inv('Draft'), 'CO'), null);
  assert.equal(canDelete(inv('Rejected'), 'MX'), null);
  assert.match(code(canDelete(inv('Accepted'), 'CO'))!, /accepted by the DIAN: it is cancelled with a credit note, never deleted$/);
  assert.match(code(canDelete(inv('Accepted'), 'MX'))!, /is a stamped CFDI: it is cancelled with the SAT, never deleted$/);
  assert.match(code(canDelete(inv('Pending'), 'CO'))!, /is Pending with the tax authority: wait for its answer/);
  assert.equal(code(canDelete(inv('Draft'), 'CO', ['RC-1', 'RC-2'])), 'invalid_document: Invoice FV-7 is paid by cash receipts RC-1, RC-2: annul them first');
});

test('canCredit: an accepted electronic invoice or a plain one, never an annulled one', () => {
  assert.equal(canCredit(inv('Accepted', { electronic: true })), null);
  assert.equal(canCredit(inv('Draft', { electronic: false })), null);
  assert.match(code(canCredit(inv('Pending', { electronic: true })))!, /is Pending: an electronic invoice is corrected once the tax authority accepted it/);
  assert.match(code(canCredit(inv('Rejected', { electronic: true })))!, /is Rejected/);
  assert.equal(code(canCredit(inv('Accepted', { annulled: true }))), 'invalid_document: Invoice FV-7 is annulled');
});
