/**
 * Macros (DESIGN §3 "Macros") as RTK Query endpoints over the backend port: the macros an agent
 * may apply, followed live; saving and deleting one; applying one to a ticket, or previewing it
 * (the same plan, not written).
 */
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { Macro, MacroInput } from '@/domain/macros';
import type { ApplyMacroInput, MacroResult } from '@/backend/port/tickets';

const macrosApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The shared macros and the agent's own, by title, live (staff only). */
    watchMacros: build.query<Live<Macro[]>, void>(
      liveEndpoint<void, Macro[]>((backend, _arg, onNext, onError) => backend.settings.watchMacros(onNext, onError)),
    ),
    /** Creates or replaces a macro (shared: admins; personal: its owner). */
    saveMacro: build.mutation<Macro, MacroInput>({
      query: (macro) => (backend) => backend.settings.saveMacro(macro),
    }),
    /** Deletes a macro (the same people as saving it). */
    deleteMacro: build.mutation<void, string>({
      query: (id) => (backend) => backend.settings.deleteMacro(id),
    }),
    /** Applies a macro to a ticket as one write, or (with `preview`) plans it and writes nothing. */
    applyMacro: build.mutation<MacroResult, { ticketId: string } & ApplyMacroInput>({
      query:
        ({ ticketId, ...input }) =>
        (backend) =>
          backend.tickets.applyMacro(ticketId, input),
    }),
  }),
});

export const { useWatchMacrosQuery, useSaveMacroMutation, useDeleteMacroMutation, useApplyMacroMutation } = macrosApi;
