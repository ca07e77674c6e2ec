/**
 * Tells screen-reader users when a new ticket arrives in the list they are looking at
 * (DESIGN §8 live regions): "New ticket #42: Printer on fire". A ticket is new when its number
 * is above every number this list has shown (numbers only grow), so a ticket that merely moves
 * into the page (re-sorted, reassigned) is not announced; the first snapshot of a list — and
 * of every other view, filter, order or page — is the baseline.
 */
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { LiveAnnouncement } from '@/components/live-announcement';
import type { Ticket } from '@/domain/types';

const TEXT = defineMessages({
  one: { id: 'queue.announce.one', defaultMessage: 'New ticket #{number}: {subject}' },
  many: {
    id: 'queue.announce.many',
    defaultMessage: '{count, plural, one {# new ticket} other {# new tickets}} in this view',
  },
});

/**
 * The live region of the queue.
 * @param tickets the rows of the live list, or undefined while it loads.
 * @param listKey what identifies the list (view, filters, order, page); a new key starts a new baseline.
 */
export function QueueArrivalAnnouncement({
  tickets,
  listKey,
}: {
  tickets: readonly Ticket[] | undefined;
  listKey: string;
}) {
  const intl = useIntl();
  const baseline = useRef<{ key: string; highest: number } | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!tickets) return;
    const highest = tickets.reduce((top, ticket) => Math.max(top, ticket.number), 0);
    const known = baseline.current;
    if (!known || known.key !== listKey) {
      baseline.current = { key: listKey, highest };
      return;
    }
    const fresh = tickets.filter((ticket) => ticket.number > known.highest);
    baseline.current = { key: listKey, highest: Math.max(known.highest, highest) };
    const [first] = fresh;
    if (!first) return;
    setText(
      fresh.length === 1
        ? intl.formatMessage(TEXT.one, { number: first.number, subject: first.subject })
        : intl.formatMessage(TEXT.many, { count: fresh.length }),
    );
  }, [tickets, listKey, intl]);
  return <LiveAnnouncement text={text} testId="queue-announcement" />;
}
