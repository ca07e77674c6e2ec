/**
 * The pure mail module (DESIGN §9), `reply-token.ts`: the signed reply addresses.
 */
import { replyAddress, signReplyToken, tokenFromRecipients, verifyReplyToken } from '@/domain/mail/reply-token';
import { NOW, SECRET } from '../../../support/mail-fixtures';

describe('reply tokens', () => {
  it('verify when signed with the secret and not expired, and fit a local part', async () => {
    const token = await signReplyToken(4242, NOW + 1000_000, SECRET);
    expect(token).toMatch(/^4242-[0-9a-z]+-[0-9a-f]{24}$/);
    expect(`reply+${token}`.length).toBeLessThanOrEqual(64);
    expect(await verifyReplyToken(token, SECRET, NOW)).toEqual({
      ok: true,
      ticketNumber: 4242,
      expiresAt: expect.any(Number),
    });
    expect(await verifyReplyToken(token.toUpperCase(), SECRET, NOW)).toMatchObject({ ok: true });
  });

  it('refuse another secret, an altered number or expiry, an expired token and garbage', async () => {
    const token = await signReplyToken(42, NOW + 1000_000, SECRET);
    const [, expiry, mac] = token.split('-');
    expect(await verifyReplyToken(token, 'other-secret', NOW)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyReplyToken(`43-${expiry}-${mac}`, SECRET, NOW)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyReplyToken(`42-zzzzzz-${mac}`, SECRET, NOW)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyReplyToken(token, SECRET, NOW + 2000_000)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyReplyToken('42', SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyReplyToken('<script>', SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('are found among the recipients of an email', () => {
    expect(tokenFromRecipients(`other@example.com, "Support" <${replyAddress('42-ab-cd', 'reply.example.com')}>`)).toBe(
      '42-ab-cd',
    );
    expect(tokenFromRecipients('support@example.com')).toBeNull();
  });
});
