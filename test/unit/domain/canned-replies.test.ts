import { fillPlaceholders, findCannedReplies } from '@/domain/canned-replies';

const context = {
  requester: { name: 'Dana Whitfield' },
  ticket: { number: 42, subject: 'Printer on fire' },
  agent: { name: 'Priya Shah' },
};

describe('fillPlaceholders', () => {
  it('fills the requester, ticket and agent placeholders', () => {
    expect(
      fillPlaceholders(
        'Hi {{requester.firstName}}, about #{{ticket.number}} ({{ticket.subject}}). — {{agent.name}}',
        context,
      ),
    ).toEqual({ text: 'Hi Dana, about #42 (Printer on fire). — Priya Shah', unknown: [] });
    expect(fillPlaceholders('{{ requester.name }} / {{agent.firstName}}', context).text).toBe('Dana Whitfield / Priya');
  });
  it('leaves an unknown placeholder as written and lists it once', () => {
    expect(fillPlaceholders('{{customer.phone}} and {{customer.phone}}', context)).toEqual({
      text: '{{customer.phone}} and {{customer.phone}}',
      unknown: ['{{customer.phone}}'],
    });
  });
  it('does not treat single braces or a placeholder’s value as placeholders', () => {
    const tricky = { ...context, requester: { name: '{{agent.name}}' } };
    expect(fillPlaceholders('{requester.name} {{requester.name}}', tricky).text).toBe(
      '{requester.name} {{agent.name}}',
    );
  });
});

describe('findCannedReplies', () => {
  const replies = [
    { id: '2', title: 'Refund issued', body: 'We refunded your order.' },
    { id: '1', title: 'Password reset', body: 'Use the reset link.' },
  ];
  it('matches every word in title or body, any case, sorted by title', () => {
    expect(findCannedReplies(replies, '').map((reply) => reply.id)).toEqual(['1', '2']);
    expect(findCannedReplies(replies, 'RESET link').map((reply) => reply.id)).toEqual(['1']);
    expect(findCannedReplies(replies, 'refund password')).toEqual([]);
  });
});
