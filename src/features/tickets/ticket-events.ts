/**
 * Events about tickets that more than one part of the tickets feature cares about. The part
 * that sees the event dispatches it; the part that keeps state about it reduces it — so the
 * agent's workspace can tell the queue a ticket was opened without importing the queue.
 */
import { createAction } from '@reduxjs/toolkit';

/**
 * A person opened a ticket as it was at `updatedAt` (the agent's workspace, or the queue's
 * keyboard open). The queue remembers it for its unread dot (`queue-preferences-slice.ts`).
 */
export const ticketOpened = createAction<{ uid: string; ticketId: string; updatedAt: string }>('tickets/opened');
