/**
 * Triage's Cloud Functions (2nd gen): the trusted code of the Firebase backend (DESIGN §4).
 * Deployed from `functions/` (`firebase deploy --only functions`, built by
 * `npm run build:functions`); run locally by the Functions emulator.
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { logger } from 'firebase-functions';
import { keepCannedRepliesWellFormed } from './canned-replies';
import { recordTicketChange } from './ticket-change';

initializeApp();

/**
 * On every write of `tickets/{ticketId}`: the audit trail of the change and the ticket's search
 * keys (see {@link recordTicketChange}). Retried by the platform on failure; each run is idempotent.
 */
export const ticketWritten = onDocumentWritten({ document: 'tickets/{ticketId}', retry: true }, async (event) => {
  const change = event.data;
  if (!change) return;
  await recordTicketChange(getFirestore(), {
    changeId: event.id,
    before: change.before.exists ? change.before : null,
    after: change.after.exists ? change.after : null,
  });
});

/**
 * On every write of `settings/canned-replies`: drops entries the rules could not check (see
 * {@link keepCannedRepliesWellFormed}), and logs how many, for an admin to look into.
 */
export const cannedRepliesWritten = onDocumentWritten(
  { document: 'settings/canned-replies', retry: true },
  async (event) => {
    const after = event.data?.after;
    if (!after?.exists) return;
    const dropped = await keepCannedRepliesWellFormed(after);
    if (dropped > 0) logger.warn(`settings/canned-replies: dropped ${dropped} malformed entries`);
  },
);
