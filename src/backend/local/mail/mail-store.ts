/**
 * What the local mail server's parts share (DESIGN §9): its secrets, where its mail points, and
 * storing drafts once. In the mail chunk, loaded on first use.
 */
import type { LocalContext } from '@/backend/local/core/context';
import { newId } from '@/backend/local/core/ids';
import type { MailDraft, MailServerSetup } from '@/domain/mail/drafts';
import { signedBy } from '@/domain/mail/compose';

/** A secret of the local server, made at random on first use and kept in the database. */
export async function secret(
  ctx: Pick<LocalContext, 'db' | 'now'>,
  id: 'replyToken' | 'webhookSigningKey',
): Promise<string> {
  const stored = await ctx.db.secrets.get(id);
  if (stored) return stored.value;
  const value = `${newId()}${newId()}`;
  // Two tabs making it at once: the first one written wins, both read it back.
  await ctx.db.secrets.add({ id, value }).catch(() => undefined);
  return (await ctx.db.secrets.get(id))?.value ?? value;
}

/**
 * Where local mail points: this app's own origin; reply addresses at `reply.{host}`; signed with
 * the desk's name from its settings (`signedBy`).
 */
export async function setupOf(ctx: Pick<LocalContext, 'db' | 'now'>): Promise<MailServerSetup> {
  const origin = globalThis.location?.origin ?? 'http://localhost:8080';
  const host = globalThis.location?.hostname || 'localhost';
  const setup: MailServerSetup = {
    appUrl: origin,
    deskName: 'Triage',
    messageIdHost: host,
    replyDomain: `reply.${host}`,
    replyTokenSecret: await secret(ctx, 'replyToken'),
  };
  return signedBy(setup, (await ctx.db.settings.get('desk'))?.value.deskName);
}

/** Stores drafts that are not stored yet (a retried write finds its emails written). */
export async function store(ctx: Pick<LocalContext, 'db' | 'now'>, drafts: MailDraft[]): Promise<number> {
  let written = 0;
  for (const { id, mail } of drafts) {
    if (await ctx.db.mail.get(id)) continue;
    await ctx.db.mail.add({ id, ...mail }).then(
      () => (written += 1),
      () => undefined,
    );
  }
  return written;
}
