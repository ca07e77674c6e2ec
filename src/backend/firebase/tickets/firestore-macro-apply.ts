/**
 * Applying a macro on Firestore (DESIGN §3 "Macros"): one transaction reads what `planMacro`
 * needs and writes its plan — the ticket's change (naming the macro in `appliedMacro`, so trusted
 * code's audit entries name it), the reply and the note, the agents-only values. A preview runs
 * the same reads and plan and writes nothing. Loaded on first use.
 */
import { doc, runTransaction, serverTimestamp, type DocumentData, type UpdateData } from 'firebase/firestore';
import { changedKeysByType, type FieldsContext } from '@/domain/plans/field-values';
import { applyMacroThrough, type MacroApplication, type MacroStore } from '@/domain/plans/macro';
import { isEmptyWrite } from '@/domain/plans/ticket-write';
import { applyMacroInputSchema, parseInput } from '@/domain/schemas';
import type { Message } from '@/domain/types';
import type { ApplyMacroInput, MacroResult } from '@/backend/port/tickets';
import type { FirestoreContext } from '@/backend/firebase/core/context';
import { readActorIn, userRef } from '@/backend/firebase/users/firestore-users';
import { readAssignOnReplyIn } from '@/backend/firebase/settings/firestore-settings';
import { readMacroIn } from '@/backend/firebase/settings/firestore-macros';
import { readFieldsContextIn, writeAgentFieldsIn } from '@/backend/firebase/settings/firestore-fields';
import { getTicket, ticketRef, writeTicketChange } from '@/backend/firebase/tickets/firestore-tickets';
import { assertOnline } from '@/backend/shared/online';

/** Message ids that sort in the order the macro writes them (reply, then note) and never collide. */
function messageIds(): [string, string] {
  const stem = `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  return [`${stem}-0`, `${stem}-1`];
}

/** One transaction of {@link applyMacro}: reads, plans (the whole macro or one part) and, unless `preview`, writes. */
async function applyOnce(
  ctx: FirestoreContext,
  ticketId: string,
  macroId: string,
  options: { preview: boolean; expectedUpdatedAt: string | undefined; part?: 'values' | 'rest' },
): Promise<MacroApplication<string[]>> {
  const { db } = ctx;
  const [replyId, noteId] = messageIds();
  return runTransaction(db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    let fields: FieldsContext | null = null;
    const store: MacroStore<string[]> = {
      readTicket: async () => {
        const snapshot = await tx.get(ticketRef(db, ticketId));
        return snapshot.exists() ? snapshot.data() : null;
      },
      readMacro: () => readMacroIn(tx, db, macroId, actor),
      readProfile: async (uid) => {
        const snapshot = await tx.get(userRef(db, uid));
        return snapshot.exists() ? snapshot.data() : null;
      },
      readAssignOnReply: () => readAssignOnReplyIn(tx, db),
      readFields: async (ticket) => (fields = await readFieldsContextIn(tx, db, ticket, true)),
      write: async (plan, ticket) => {
        const written: string[] = [];
        const at = serverTimestamp();
        for (const [message, id] of [
          [plan.reply, replyId],
          [plan.note, noteId],
        ] as const) {
          if (!message) continue;
          tx.set(doc(db, 'tickets', ticketId, 'messages', id), {
            ...message.author,
            body: message.body,
            attachments: [],
            createdAt: at,
          });
          written.push(id);
        }
        // A change of values names the keys it changes by type, for the rules (as `updateTicket`).
        const definitions = fields?.definitions ?? [];
        const visible = plan.write.set.fields;
        const extra: UpdateData<DocumentData> = {
          // Names the macro on this version of the ticket: trusted code's audit entries read it.
          appliedMacro: { id: plan.macro.id, title: plan.macro.title, at },
          ...(plan.reply ? { lastMessageId: replyId } : {}),
          ...(visible ? { fieldsChanged: changedKeysByType(definitions, ticket.fields ?? {}, visible) } : {}),
        };
        // Only the agents-only record changes: the ticket is still stamped (the rules tie the record to it).
        if (isEmptyWrite(plan.write) && plan.agentFields) plan.write.stamp.push('updatedAt');
        writeTicketChange(tx, db, ticketId, plan, actor.uid, extra);
        if (plan.agentFields && fields) {
          const keys = changedKeysByType(definitions, fields.values.agents, plan.agentFields);
          writeAgentFieldsIn(tx, db, ticketId, plan.agentFields, keys, actor.uid, plan.macro.title);
        }
        return written;
      },
    };
    return applyMacroThrough(store, { actor, ...options });
  });
}

/**
 * Applies (or, with `preview`, plans) a macro on a ticket (`TicketsPort.applyMacro`). The preview
 * plans the whole macro at once. Applying writes it in one transaction — but a macro that sets
 * custom field values and changes anything else writes its values first, in a write of their own,
 * then the rest, guarded by the ticket as the values left it (`macroPart`: the Firestore rules
 * cannot check both in one request). Should the second write be refused (the ticket changed in
 * between), the values stay, named by the macro in the audit trail, and the refusal is thrown.
 * @throws AppError as the port says.
 */
export async function applyMacro(
  ctx: FirestoreContext,
  ticketId: string,
  input: ApplyMacroInput,
): Promise<MacroResult> {
  const { macroId, preview = false, expectedUpdatedAt } = parseInput(applyMacroInputSchema, input);
  if (preview)
    return resultOf(ctx, ticketId, await applyOnce(ctx, ticketId, macroId, { preview, expectedUpdatedAt }), []);
  assertOnline();
  // The whole plan first, written nothing: it refuses what the whole macro would refuse.
  const whole = await applyOnce(ctx, ticketId, macroId, { preview: true, expectedUpdatedAt });
  const setsValues = whole.plan.events.some((entry) => entry.type === 'field');
  const doesMore =
    whole.plan.reply !== null || whole.plan.note !== null || whole.plan.events.some((entry) => entry.type !== 'field');
  if (!setsValues || !doesMore) {
    const applied = await applyOnce(ctx, ticketId, macroId, { preview: false, expectedUpdatedAt });
    return resultOf(ctx, ticketId, applied, applied.written ?? []);
  }
  const values = await applyOnce(ctx, ticketId, macroId, { preview: false, expectedUpdatedAt, part: 'values' });
  const between = await getTicket(ctx, ticketId);
  const rest = await applyOnce(ctx, ticketId, macroId, {
    preview: false,
    expectedUpdatedAt: between.updatedAt,
    part: 'rest',
  });
  const events = [...values.plan.events, ...rest.plan.events];
  return resultOf(ctx, ticketId, { ...rest, plan: { ...rest.plan, events } }, rest.written ?? []);
}

/**
 * The port's answer: the ticket as written (or as read, for a preview), the plan's changes and
 * the messages written — as the plan made them, stamped with the write's time (the ticket's
 * `updatedAt`), without reading them back.
 */
async function resultOf(
  ctx: FirestoreContext,
  ticketId: string,
  applied: MacroApplication<string[]>,
  written: string[],
): Promise<MacroResult> {
  const ticket = applied.written ? await getTicket(ctx, ticketId) : applied.ticket;
  const planned = [applied.plan.reply, applied.plan.note].filter((message) => message !== null);
  const messages: Message[] = written.map((id, index) => ({
    id,
    ticketId,
    ...(planned[index]?.author ?? { authorId: '', authorName: '', authorRole: 'agent', internal: false }),
    body: planned[index]?.body ?? '',
    attachments: [],
    createdAt: ticket.updatedAt,
  }));
  return {
    ticket,
    changes: applied.plan.events,
    reply: applied.plan.reply?.body ?? null,
    note: applied.plan.note?.body ?? null,
    messages,
  };
}
