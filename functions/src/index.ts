/**
 * Triage's Cloud Functions (2nd gen): the trusted code of the Firebase backend (DESIGN §4).
 * Deployed from `functions/` (`firebase deploy --only functions`, built by
 * `npm run build:functions`); run locally by the Functions emulator.
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { HttpsError, onCall, onRequest, type FunctionsErrorCode as HttpsErrorCode } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onObjectFinalized } from 'firebase-functions/v2/storage';
import { getAuth } from 'firebase-admin/auth';
import { getStorage } from 'firebase-admin/storage';
import { logger } from 'firebase-functions';
import { createTransport } from 'nodemailer';
import type { MailgunInbound } from '@/domain/mail/inbound';
import { deleteAccountData } from './account';
import { setPersonDeactivated as deactivate } from './deactivation';
import {
  acceptInvitation as accept,
  existingAccounts,
  invitePeople as invite,
  resendInvitation as resend,
  revokeInvitation as revoke,
  type InvitationAccounts,
} from './invitations';
import {
  deleteOrganisation as deleteOrganisationWork,
  joinOrganisationByDomain as joinOrganisationByDomainWork,
  saveOrganisation as saveOrganisationWork,
  setOrganisation as setOrganisationWork,
} from './organisations';
import { AppError } from '@/domain/errors/errors';
import { refusals } from '@/domain/errors/refusals';
import { recordAgentFieldsChange } from './agent-fields';
import { recordAgentFieldStats } from './stats';
import { CANNED_REPLIES_PATH, moveCannedRepliesToMacros } from './macros';
import { backfillFieldSort } from './field-sort';
import { formFields } from './form-post';
import { deliverMail, handleInboundEmail, mailConfigFromEnv, mailForNewMessage } from './mail';
import { onTicketWritten, runIndependently } from './ticket-written';
import { addMessageWords, backfillStaffSearch } from './staff-search';
import { text } from './snapshot-values';
import { recordSettingsChange, runDeskAutomation } from './sla';
import { runRecurringTickets } from './recurring-tickets';
import { backfillPeopleSearchKeys, keepPersonSearchKeys } from './people';
import { deleteOrphanUploads, recordUpload } from './uploads';
import { automationNow } from './clock';
import { runTimeRules } from './triggers';

initializeApp();

/**
 * On every write of `tickets/{ticketId}`: the audit trail of the change, the ticket's search keys
 * and SLA fields, the statistics, its emails (received, solved, assigned) and the staff's search
 * copy, each independent
 * of the others (see {@link onTicketWritten}). Retried by the platform on failure; each job is
 * idempotent.
 */
export const ticketWritten = onDocumentWritten({ document: 'tickets/{ticketId}', retry: true }, async (event) => {
  const change = event.data;
  if (!change) return;
  const before = change.before.exists ? change.before : null;
  const after = change.after.exists ? change.after : null;
  await onTicketWritten(getFirestore(), mailConfigFromEnv(), { changeId: event.id, before, after }, Date.now());
});

/**
 * On every write of a ticket's agents-only custom field values: their audit entries (see
 * {@link recordAgentFieldsChange}) and the ticket's statistics (see {@link recordAgentFieldStats}).
 */
export const agentFieldsWritten = onDocumentWritten(
  { document: 'tickets/{ticketId}/agentFields/values', retry: true },
  async (event) => {
    const change = event.data;
    if (!change) return;
    const before = change.before.exists ? change.before : null;
    const after = change.after.exists ? change.after : null;
    // The audit entries and the statistics (its dropdowns count, DESIGN §11) are independent writes.
    const [entries, stats] = await Promise.allSettled([
      after ? recordAgentFieldsChange(event.id, before, after) : Promise.resolve(0),
      recordAgentFieldStats(getFirestore(), before, after),
    ]);
    for (const outcome of [entries, stats]) if (outcome.status === 'rejected') throw outcome.reason;
  },
);

/**
 * On every write of `settings/desk`: the settings' history entry and, after a change of business
 * hours or SLA policy, the unsolved tickets' next due times (see {@link recordSettingsChange}).
 */
export const deskSettingsWritten = onDocumentWritten({ document: 'settings/desk', retry: true }, async (event) => {
  const change = event.data;
  if (!change?.after.exists) return;
  await recordSettingsChange(getFirestore(), event.id, change.before.exists ? change.before : null, change.after);
});

/**
 * On every write of the custom field definitions: when a sort slot went to another field, the
 * slots of every ticket (DESIGN §3 "Custom fields", {@link backfillFieldSort}), as far as one run
 * goes; the scheduled job goes on until it is through.
 */
export const fieldDefinitionsWritten = onDocumentWritten(
  { document: 'settings/fields', retry: true },
  async (event) => {
    if (!event.data?.after.exists) return;
    const slotted = await backfillFieldSort(getFirestore());
    if (slotted > 0) logger.info(`tickets given their fields' sort slots: ${slotted}`);
  },
);

/**
 * Every five minutes (DESIGN §2, §10): the desk's automatic-close rule written when it has none,
 * and the SLA breach records, as the system actor (see {@link runDeskAutomation}); the desk's time
 * rules run ({@link runTimeRules}, DESIGN §10 "Time rules"), the automatic close among them;
 * the recurring tickets that are due created ({@link runRecurringTickets}, DESIGN §10 "Recurring tickets");
 * the uploads whose message was never sent within a day deleted (DESIGN §4, {@link deleteOrphanUploads});
 * a step of the people search keys' back-fill until every profile has them (DESIGN §3, see
 * {@link backfillPeopleSearchKeys}); and a step of the conversation words' back-fill until every
 * ticket stored before them has them (DESIGN §3 "Search", {@link backfillStaffSearch}); and the
 * canned replies of a desk from before macros moved into shared macros ({@link moveCannedRepliesToMacros});
 * and a step of the fields' sort slots' back-fill until every ticket has them ({@link backfillFieldSort}).
 */
export const deskAutomation = onSchedule('every 5 minutes', async () => {
  const { autoCloseRule, breaches } = await runDeskAutomation(getFirestore(), Date.now());
  if (autoCloseRule) logger.info('automation: the desk’s automatic-close rule written from its close-after days');
  if (breaches > 0) logger.info(`automation: breaches recorded ${breaches}`);
  // The desk's time rules, by the job's clock (moved only on the emulators: `clock.ts`).
  const acted = await runTimeRules(getFirestore(), await automationNow(getFirestore(), process.env, Date.now()));
  if (acted.length > 0) logger.info(`time rules acted on ${acted.length} tickets`);
  // The recurring tickets that are due, by the same clock (DESIGN §10 "Recurring tickets").
  const recurring = await runRecurringTickets(
    getFirestore(),
    await automationNow(getFirestore(), process.env, Date.now()),
  );
  if (recurring.length > 0) logger.info(`recurring tickets created: ${recurring.length}`);
  const orphans = await deleteOrphanUploads(getFirestore(), getStorage().bucket(), Date.now());
  if (orphans.length > 0) logger.info(`uploads never sent, deleted after a day: ${orphans.length}`);
  const keyed = await backfillPeopleSearchKeys(getFirestore());
  if (keyed > 0) logger.info(`people search keys back-filled: ${keyed}`);
  const worded = await backfillStaffSearch(getFirestore());
  if (worded > 0) logger.info(`tickets given their conversation's words: ${worded}`);
  const moved = await moveCannedRepliesToMacros(getFirestore());
  if (moved > 0) logger.info(`canned replies moved to shared macros: ${moved}`);
  const slotted = await backfillFieldSort(getFirestore());
  if (slotted > 0) logger.info(`tickets given their fields' sort slots: ${slotted}`);
});

/**
 * On every upload to Cloud Storage: an attachment's record, so that the scheduled pass can delete
 * it if its message is never sent within a day (DESIGN §4, {@link recordUpload}). Idempotent.
 */
export const uploadFinalized = onObjectFinalized({ retry: true }, async (event) => {
  const { name, timeCreated } = event.data;
  const created = timeCreated === undefined ? Number.NaN : new Date(timeCreated).getTime();
  await recordUpload(getFirestore(), name, Number.isFinite(created) ? created : Date.now());
});

/**
 * On every write of `users/{uid}`: the profile's search keys from its name and email (DESIGN §3
 * "Finding people", see {@link keepPersonSearchKeys}). Idempotent; its own write changes nothing.
 */
export const userWritten = onDocumentWritten({ document: 'users/{uid}', retry: true }, async (event) => {
  const after = event.data?.after;
  if (!after?.exists) return;
  await keepPersonSearchKeys(after);
});

/**
 * On every new message: the emails it causes (a public reply to the requester, the requester's
 * reply to the assignee, any message to the ticket's followers; an internal note to the followers
 * only — see {@link mailForNewMessage}), and its words in
 * the ticket's search (`addMessageWords`: a note's for the staff only). Independent jobs, each
 * idempotent.
 */
export const messageCreated = onDocumentCreated(
  { document: 'tickets/{ticketId}/messages/{messageId}', retry: true },
  async (event) => {
    const message = event.data;
    if (!message) return;
    const db = getFirestore();
    const { ticketId } = event.params;
    await runIndependently([
      () => mailForNewMessage(db, mailConfigFromEnv(), ticketId, message, Date.now()),
      () =>
        addMessageWords(db, ticketId, { body: text(message.get('body')), internal: message.get('internal') === true }),
    ]);
  },
);

/**
 * On every new `mail` document: sends it over SMTP when `SMTP_URL` is set (an `smtp://` or
 * `smtps://` URL with credentials; `MAIL_FROM` is the sender), writing `delivery` as the Trigger
 * Email extension does. Without `SMTP_URL` it does nothing: install the extension on the `mail`
 * collection instead (README "Email").
 */
export const mailCreated = onDocumentCreated({ document: 'mail/{mailId}' }, async (event) => {
  const url = process.env.SMTP_URL;
  if (!url) return;
  const config = mailConfigFromEnv();
  const from = process.env.MAIL_FROM ?? `${config.deskName} <no-reply@${config.messageIdHost}>`;
  const state = await deliverMail(getFirestore(), event.params.mailId, createTransport(url), from);
  if (state === 'ERROR') logger.warn(`mail/${event.params.mailId}: delivery failed`);
});

/**
 * Reply by email: Mailgun's inbound route posts each email to this URL (see
 * {@link handleInboundEmail}). 200 when handled (a reply added or a bounce written), 406 when
 * refused (not signed by Mailgun, a forged or malformed reply address: logged), 405 for anything
 * but POST.
 */
export const inboundEmail = onRequest(async (request, response) => {
  if (request.method !== 'POST') {
    response.status(405).send('POST only');
    return;
  }
  const post = (await formFields(request)) as unknown as MailgunInbound;
  const outcome = await handleInboundEmail(getFirestore(), mailConfigFromEnv(), post, Date.now());
  if (outcome.status === 200) logger.info(`inbound email: ${outcome.outcome}`);
  else logger.warn(`inbound email refused: ${outcome.outcome} (recipient ${String(post.recipient ?? '')})`);
  response.status(outcome.status).json({ outcome: outcome.outcome });
});

/**
 * On every write of `settings/canned-replies` (an app from before macros): its replies become
 * shared macros and the document goes (DESIGN §3 "Macros", {@link moveCannedRepliesToMacros}).
 */
export const cannedRepliesWritten = onDocumentWritten({ document: CANNED_REPLIES_PATH, retry: true }, async (event) => {
  if (!event.data?.after.exists) return;
  const moved = await moveCannedRepliesToMacros(getFirestore());
  if (moved > 0) logger.info(`canned replies moved to shared macros: ${moved}`);
});

/** How recent a sign-in must be for "Delete my account": 5 minutes (the client re-authenticates first). */
const RECENT_SIGN_IN_S = 5 * 60;

/**
 * "Delete my account" (DESIGN §9), callable by the signed-in person for themselves only, right
 * after re-entering their password (a sign-in older than 5 minutes is refused): see
 * {@link deleteAccountData}. Avatar files are removed where Storage is reachable (logged if not).
 */
export const deleteAccount = onCall(async (request) => {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError('unauthenticated', 'Sign in to delete your account.');
  const authTime = Number(request.auth?.token.auth_time ?? 0);
  if (Date.now() / 1000 - authTime > RECENT_SIGN_IN_S) {
    throw new HttpsError('failed-precondition', 'Enter your password again to delete your account.');
  }
  const outcome = await deleteAccountData(
    getFirestore(),
    {
      deleteAuthUser: (id) => getAuth().deleteUser(id),
      deleteFiles: async (prefix) => {
        // The Functions emulator without a Storage emulator has no files, and the Admin SDK would
        // spend a minute looking for Google credentials before giving up.
        if (process.env.FUNCTIONS_EMULATOR === 'true' && !process.env.FIREBASE_STORAGE_EMULATOR_HOST) {
          logger.info(`deleteAccount: no Storage emulator, nothing under ${prefix} to remove`);
          return;
        }
        await getStorage()
          .bucket()
          .deleteFiles({ prefix })
          .catch((error: unknown) => logger.warn(`deleteAccount: avatar files under ${prefix} not removed`, error));
      },
    },
    uid,
  );
  logger.info(`deleteAccount: ${uid}`, outcome);
  return { deleted: true };
});

/**
 * An admin deactivates or reactivates a person (DESIGN §1 "Deactivated people"): `{ uid,
 * deactivated, openTickets? }` → `{ ticketsMoved }`, see {@link deactivate}. The domain's refusals
 * reach the app with their code and sentence.
 */
export const setPersonDeactivated = onCall(async (request) => {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError('unauthenticated', 'Sign in to manage people.');
  const auth = getAuth();
  try {
    const outcome = await deactivate(
      getFirestore(),
      {
        disable: async (id) => {
          await auth.updateUser(id, { disabled: true });
          await auth.revokeRefreshTokens(id);
        },
        enable: async (id) => {
          await auth.updateUser(id, { disabled: false });
        },
      },
      uid,
      request.data,
    );
    logger.info(`setPersonDeactivated: by ${uid}`, outcome);
    return outcome;
  } catch (error) {
    throw toHttpsError(error);
  }
});

/**
 * Firebase Authentication as invitations use it (the Admin SDK): who has an account, a verified
 * account created, one deleted. Auth's "address taken" becomes the app's `auth/email-already-in-use`.
 */
function invitationAccounts(): InvitationAccounts {
  const auth = getAuth();
  return {
    existing: (emails) =>
      existingAccounts(async (batch) => (await auth.getUsers(batch.map((email) => ({ email })))).users, emails),
    async create({ email, password, displayName }) {
      try {
        return (await auth.createUser({ email, password, displayName, emailVerified: true })).uid;
      } catch (error) {
        if ((error as { code?: unknown }).code === 'auth/email-already-exists') throw refusals.emailInUse();
        throw error;
      }
    },
    remove: (uid) => auth.deleteUser(uid),
  };
}

/**
 * A callable's refusal from an AppError: its code and sentence when a callable may answer with
 * the code; `auth/email-already-in-use` as `already-exists` with the app's code in `details`
 * (the client's `invitation-calls.ts` reads it back); anything else unchanged (an internal error).
 */
function toHttpsError(error: unknown): unknown {
  if (error instanceof AppError && HTTPS_CODES.has(error.code)) {
    return new HttpsError(error.code as HttpsErrorCode, error.message);
  }
  if (error instanceof AppError && error.code === 'auth/email-already-in-use') {
    return new HttpsError('already-exists', error.message, { code: error.code });
  }
  return error;
}

/**
 * The signed-in caller's uid.
 * @throws HttpsError `unauthenticated` when nobody is signed in.
 */
function callerUid(auth: { uid: string } | undefined): string {
  if (!auth?.uid) throw new HttpsError('unauthenticated', 'Sign in to manage people.');
  return auth.uid;
}

/**
 * An admin invites people by email (DESIGN §1 "Invitations"): `{ invitations: [{ email, role,
 * displayName? }] }` (1–50 rows) → each row's outcome in order (`invited`, `hasAccount`,
 * `alreadyInvited`, `duplicate`), see {@link invite}. Each invited address gets its link by email.
 * Refusals: `unauthenticated`, `permission-denied` (not an admin), `invalid-argument`.
 */
export const invitePeople = onCall(async (request) => {
  const uid = callerUid(request.auth);
  try {
    const outcomes = await invite(getFirestore(), invitationAccounts(), uid, request.data, Date.now());
    logger.info(`invitePeople: by ${uid}`, { invited: outcomes.filter((row) => row.outcome === 'invited').length });
    return outcomes;
  } catch (error) {
    throw toHttpsError(error);
  }
});

/**
 * An admin emails an invitation again with a new link (DESIGN §1 "Invitations"): `{ invitationId }`
 * → `null`, see {@link resend}. Refusals: `unauthenticated`, `permission-denied`, `not-found`,
 * `failed-precondition` (accepted or revoked), `invalid-argument`.
 */
export const resendInvitation = onCall(async (request) => {
  const uid = callerUid(request.auth);
  try {
    await resend(getFirestore(), uid, request.data, Date.now());
    return null;
  } catch (error) {
    throw toHttpsError(error);
  }
});

/**
 * An admin withdraws an invitation (DESIGN §1 "Invitations"): `{ invitationId }` → `null`, see
 * {@link revoke}. Refusals: `unauthenticated`, `permission-denied`, `not-found`,
 * `failed-precondition` (accepted), `invalid-argument`.
 */
export const revokeInvitation = onCall(async (request) => {
  const uid = callerUid(request.auth);
  try {
    await revoke(getFirestore(), uid, request.data, Date.now());
    return null;
  } catch (error) {
    throw toHttpsError(error);
  }
});

/**
 * The invitee accepts from the emailed link, signed in or not (DESIGN §1 "Invitations"):
 * `{ invitationId, token, displayName, password }` → `{ email }`, see {@link accept}; the account
 * is created verified, with the invited role. Refusals: `not-found` (unknown link or wrong
 * secret), `failed-precondition` (used, revoked, expired), `already-exists` with details
 * `{ code: 'auth/email-already-in-use' }`, `invalid-argument`.
 */
export const acceptInvitation = onCall(async (request) => {
  try {
    const outcome = await accept(getFirestore(), invitationAccounts(), request.data, Date.now());
    logger.info('acceptInvitation: an account created');
    return outcome;
  } catch (error) {
    throw toHttpsError(error);
  }
});

/**
 * An admin creates (no `id`) or edits an organisation (DESIGN §1 "Organisations"): `{ id?,
 * organisation: { name, domains, notes } }` → `{ id }`, see {@link saveOrganisationWork}; checked
 * against every other organisation in one transaction. Refusals: `unauthenticated`,
 * `permission-denied`, `invalid-argument`, `not-found`, `already-exists` (name or a domain taken),
 * `resource-exhausted`.
 */
export const saveOrganisation = onCall(async (request) => {
  const uid = callerUid(request.auth);
  try {
    const saved = await saveOrganisationWork(getFirestore(), uid, request.data, Date.now());
    logger.info(`saveOrganisation: ${saved.id} by ${uid}`);
    return saved;
  } catch (error) {
    throw toHttpsError(error);
  }
});

/**
 * An admin deletes an organisation (DESIGN §1 "Organisations"): `{ id }` → `null`, see
 * {@link deleteOrganisationWork}; its members belong to none afterwards. Refusals:
 * `unauthenticated`, `permission-denied`, `invalid-argument`, `not-found`.
 */
export const deleteOrganisation = onCall(async (request) => {
  const uid = callerUid(request.auth);
  try {
    const outcome = await deleteOrganisationWork(getFirestore(), uid, request.data, Date.now());
    logger.info(`deleteOrganisation: by ${uid}`, outcome);
    return null;
  } catch (error) {
    throw toHttpsError(error);
  }
});

/**
 * An admin sets or clears the organisation a customer belongs to (DESIGN §1 "Organisations"):
 * `{ uid, organisationId }` (`null` clears it) → `null`, see {@link setOrganisationWork}.
 * Refusals: `unauthenticated`, `permission-denied`, `invalid-argument`, `not-found` (person or
 * organisation), `failed-precondition` (staff belong to the desk).
 */
export const setOrganisation = onCall(async (request) => {
  const uid = callerUid(request.auth);
  try {
    await setOrganisationWork(getFirestore(), uid, request.data, Date.now());
    return null;
  } catch (error) {
    throw toHttpsError(error);
  }
});

/**
 * A customer joins the organisation claiming their verified address's domain (DESIGN §1
 * "Organisations"): no data → `{ organisationId }`, see `joinOrganisationByDomain`.
 */
export const joinOrganisationByDomain = onCall(async (request) => {
  const uid = callerUid(request.auth);
  try {
    const joined = await joinOrganisationByDomainWork(getFirestore(), uid, request.auth?.token ?? {}, Date.now());
    if (joined.organisationId) logger.info(`joinOrganisationByDomain: ${uid} in ${joined.organisationId}`);
    return joined;
  } catch (error) {
    throw toHttpsError(error);
  }
});

/** The app's codes a callable may answer with as they are (the rest are internal errors). */
const HTTPS_CODES: ReadonlySet<string> = new Set<HttpsErrorCode>([
  'invalid-argument',
  'not-found',
  'permission-denied',
  'unauthenticated',
  'failed-precondition',
  'aborted',
  'already-exists',
  'resource-exhausted',
]);
