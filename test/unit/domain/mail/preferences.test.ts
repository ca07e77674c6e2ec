/**
 * The schemas of the mail screens (DESIGN §9): a person's notification switches
 * (`preferences.ts`) and the simulated inbound email of the outgoing-mail screen
 * (`src/domain/schemas.ts`), in one case.
 */
import { DEFAULT_NOTIFICATIONS, notificationPreferencesSchema } from '@/domain/mail/preferences';
import { simulatedInboundEmailSchema } from '@/domain/schemas';

describe('the schemas of the mail screens', () => {
  it('take a whole positive ticket number, an address and some text; the four switches exactly', () => {
    const ok = { ticketNumber: 3, from: 'A@b.co', text: 'hi' };
    expect(simulatedInboundEmailSchema.safeParse(ok)).toMatchObject({ success: true, data: { from: 'a@b.co' } });
    for (const bad of [{ ticketNumber: 1.5 }, { ticketNumber: -1 }, { text: '  ' }, { from: 'not-an-address' }]) {
      expect(simulatedInboundEmailSchema.safeParse({ ...ok, ...bad }).success).toBe(false);
    }
    expect(notificationPreferencesSchema.safeParse(DEFAULT_NOTIFICATIONS).success).toBe(true);
    expect(notificationPreferencesSchema.safeParse({ ...DEFAULT_NOTIFICATIONS, extra: true }).success).toBe(false);
    expect(notificationPreferencesSchema.safeParse({ ...DEFAULT_NOTIFICATIONS, newUnassigned: 'yes' }).success).toBe(
      false,
    );
  });
});
