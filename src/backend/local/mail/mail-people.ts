/**
 * The people local mail goes to (DESIGN §9): a profile with whether its address is verified.
 * Light (no composer): the trigger runs read recipients through it in their transaction.
 */
import type { TriageDb } from '@/backend/local/core/db';
import type { MailPerson } from '@/domain/mail/drafts';
import type { UserProfile } from '@/domain/types';

/** A profile with whether its address is verified (its credential's flag; none: not verified). */
export async function mailPersonOf(db: TriageDb, user: UserProfile): Promise<MailPerson> {
  const credential = await db.credentials.where('uid').equals(user.uid).first();
  return { ...user, emailVerified: credential?.emailVerified === true };
}
