/** The outgoing mail (DESIGN §9), for admins: the live list and "Simulate a reply". */
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { InboundOutcome, SimulatedInboundEmail } from '@/backend/port/mail';
import type { OutgoingMail } from '@/domain/mail/mail-document';

const mailApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The newest outgoing emails (up to `limit`, 1–200), newest first, live. Admins only: anyone
     * else's subscription ends with `error.code` `permission-denied`.
     */
    watchOutgoingMail: build.query<Live<OutgoingMail[]>, number>(
      liveEndpoint<number, OutgoingMail[]>((backend, limit, onNext, onError) =>
        backend.mail.watchOutgoing(limit, onNext, onError),
      ),
    ),
    /** Whether this backend can simulate reply by email (the local one: true). */
    canSimulateInbound: build.query<boolean, void>({
      query: () => (backend) => Promise.resolve(backend.mail.canSimulateInbound),
    }),
    /** Feeds an email to reply by email (local backend; `unsupported` on Firebase). */
    simulateInboundEmail: build.mutation<InboundOutcome, SimulatedInboundEmail>({
      query: (email) => (backend) => backend.mail.simulateInbound(email),
    }),
  }),
});

export const { useWatchOutgoingMailQuery, useSimulateInboundEmailMutation, useCanSimulateInboundQuery } = mailApi;
