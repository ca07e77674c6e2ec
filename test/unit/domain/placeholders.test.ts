import { fillPlaceholders } from '@/domain/placeholders';

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
