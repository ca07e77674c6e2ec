/**
 * Desktop notifications for agents: new tickets in the Unassigned view and customers'
 * replies on tickets assigned to me, shown only while this tab is hidden. A bell in the header
 * asks the browser's permission and turns them on or off (kept per person in this browser).
 * Loaded lazily by the signed-in frame for staff only.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import BellOutlined from '@ant-design/icons/BellOutlined';
import BellFilled from '@ant-design/icons/BellFilled';
import { arrivedTickets, customerReplies, type DeskNotice } from '@/domain/desk-notifications';
import { queueViewById } from '@/domain/queue-views';
import type { Ticket, UserProfile } from '@/domain/types';
import { useWatchTicketsQuery } from '@/features/tickets/api/queue-api';

/** How many of the newest tickets of each list are watched (one read per row and change). */
const WATCHED = 20;

const TEXT = defineMessages({
  arrivedTitle: { id: 'queue.notifications.arrived.title', defaultMessage: 'New ticket #{number}' },
  arrivedBody: { id: 'queue.notifications.arrived.body', defaultMessage: '{subject} — {requester}' },
  replyTitle: { id: 'queue.notifications.reply.title', defaultMessage: '{requester} replied on #{number}' },
  blocked: {
    id: 'queue.notifications.blocked',
    defaultMessage: 'Desktop notifications are blocked for this site in your browser settings',
  },
  on: {
    id: 'queue.notifications.on',
    defaultMessage: 'Desktop notifications on (new tickets, replies on mine) — click to turn off',
  },
  off: {
    id: 'queue.notifications.off',
    defaultMessage: 'Turn on desktop notifications for new tickets and replies on my tickets',
  },
});

/**
 * A notice's title and body in the reader's language (the domain writes them in English),
 * from the ticket it is about.
 */
function localised(
  intl: IntlShape,
  notices: DeskNotice[],
  tickets: readonly Ticket[],
  kind: 'arrived' | 'reply',
): DeskNotice[] {
  const byId = new Map(tickets.map((ticket) => [ticket.id, ticket]));
  return notices.map((notice) => {
    const ticket = byId.get(notice.ticketId);
    if (!ticket) return notice;
    const requester = ticket.requesterName;
    return kind === 'arrived'
      ? {
          ...notice,
          title: intl.formatMessage(TEXT.arrivedTitle, { number: ticket.number }),
          body: intl.formatMessage(TEXT.arrivedBody, { subject: ticket.subject, requester }),
        }
      : {
          ...notice,
          title: intl.formatMessage(TEXT.replyTitle, { requester, number: ticket.number }),
          body: ticket.subject,
        };
  });
}

type Permission = NotificationPermission | 'unsupported';

/** Notification.permission has no change event: read on each render, never subscribed to. */
const noSubscription = () => () => undefined;

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

const switchKey = (uid: string) => `triage:desk-notifications:${uid}`;

/** Whether this person turned notifications off in this browser (on by default once allowed). */
function readSwitch(uid: string): boolean {
  try {
    return localStorage.getItem(switchKey(uid)) !== 'off';
  } catch {
    return true;
  }
}

function writeSwitch(uid: string, on: boolean): void {
  try {
    localStorage.setItem(switchKey(uid), on ? 'on' : 'off');
  } catch {
    // Storage may be unavailable (private mode): the switch then lasts for this page only.
  }
}

/**
 * Follows `tickets` and returns the notices `detect` finds between successive snapshots; the
 * first snapshot is the baseline.
 */
function useNotices(
  tickets: readonly Ticket[] | undefined,
  detect: (previous: readonly Ticket[] | null, next: readonly Ticket[]) => DeskNotice[],
  show: (notices: DeskNotice[]) => void,
): void {
  const previous = useRef<readonly Ticket[] | null>(null);
  useEffect(() => {
    if (!tickets) return;
    const notices = detect(previous.current, tickets);
    previous.current = tickets;
    if (notices.length > 0) show(notices);
  }, [tickets, detect, show]);
}

/** The bell and the live watching behind it, for an agent or admin. */
export default function DeskNotifications({ user }: { user: UserProfile }) {
  const navigate = useNavigate();
  const intl = useIntl();
  // The browser's permission, except while hydrating the build's pre-rendered frame (DESIGN §12),
  // which was drawn where no browser could tell ('unsupported': no bell): that first render must
  // match it, and the bell appears right after. An answer to the request is kept in state.
  const initialPermission = useSyncExternalStore(noSubscription, currentPermission, (): Permission => 'unsupported');
  const [answer, setPermission] = useState<Permission | null>(null);
  const permission = answer ?? initialPermission;
  const [enabled, setEnabled] = useState(() => readSwitch(user.uid));
  const active = permission === 'granted' && enabled;

  const unassigned = useWatchTicketsQuery(
    {
      ...queueViewById('unassigned').filter(user.uid),
      limit: WATCHED,
      sort: { field: 'createdAt', direction: 'desc' },
    },
    { skip: !active },
  ).data?.value?.tickets;
  const mine = useWatchTicketsQuery(
    {
      ...queueViewById('mine').filter(user.uid),
      limit: WATCHED,
      sort: { field: 'lastMessageAt', direction: 'desc' },
    },
    { skip: !active },
  ).data?.value?.tickets;

  const show = useRef((notices: DeskNotice[]) => {
    if (document.visibilityState !== 'hidden' || currentPermission() !== 'granted') return;
    for (const notice of notices) {
      const shown = new Notification(notice.title, { body: notice.body, tag: notice.tag });
      shown.onclick = () => {
        window.focus();
        navigate(`/desk/tickets/${notice.ticketId}`);
        shown.close();
      };
    }
  }).current;
  // New callbacks when the language changes re-run the detection on the same snapshot: nothing new.
  const detectArrivals = useCallback(
    (previous: readonly Ticket[] | null, next: readonly Ticket[]) =>
      localised(intl, arrivedTickets(previous, next), next, 'arrived'),
    [intl],
  );
  const detectReplies = useCallback(
    (previous: readonly Ticket[] | null, next: readonly Ticket[]) =>
      localised(intl, customerReplies(previous, next, user.uid), next, 'reply'),
    [intl, user.uid],
  );
  useNotices(unassigned, detectArrivals, show);
  useNotices(mine, detectReplies, show);

  if (permission === 'unsupported') return null;

  const toggle = async () => {
    if (permission === 'default') {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer === 'granted') {
        writeSwitch(user.uid, true);
        setEnabled(true);
      }
      return;
    }
    if (permission === 'granted') {
      writeSwitch(user.uid, !enabled);
      setEnabled(!enabled);
    }
  };

  const title = intl.formatMessage(permission === 'denied' ? TEXT.blocked : active ? TEXT.on : TEXT.off);
  return (
    <Tooltip title={title}>
      <Button
        type="text"
        aria-label={title}
        aria-pressed={active}
        disabled={permission === 'denied'}
        icon={active ? <BellFilled /> : <BellOutlined />}
        onClick={() => void toggle()}
      />
    </Tooltip>
  );
}
