/**
 * Collision detection on the ticket screen: who else of the staff is viewing the
 * ticket and who is typing a reply, live, and this tab's own heartbeat that tells them about
 * us. An entry lasts {@link PRESENCE_TTL_MS} unless renewed every {@link PRESENCE_HEARTBEAT_MS},
 * so a tab that closes without saying goodbye drops out within half a minute; one that hides
 * or unloads leaves at once.
 */
import { useEffect, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import Avatar from 'antd/es/avatar';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import EditOutlined from '@ant-design/icons/EditOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import type { PresenceEntry } from '@/backend/port/presence';
import {
  useAnnouncePresenceMutation,
  useLeavePresenceMutation,
  useWatchPresenceQuery,
} from '@/features/tickets/api/presence-api';

const MESSAGES = defineMessages({
  typing: { id: 'workspace.presence.typing', defaultMessage: '{name} is typing…' },
  viewing: { id: 'workspace.presence.viewing', defaultMessage: '{name} is viewing' },
  region: { id: 'workspace.presence.region', defaultMessage: 'Others on this ticket' },
});

/** How long one announcement lasts, in ms. */
export const PRESENCE_TTL_MS = 30_000;
/** How often a visible ticket screen renews its announcement, in ms. */
export const PRESENCE_HEARTBEAT_MS = 10_000;

/**
 * Announces the signed-in staff member on `ticketId` while the screen is shown and the page is
 * visible: at once, every {@link PRESENCE_HEARTBEAT_MS}, and whenever `typing` changes. Leaves
 * on unmount, when the page is hidden (`visibilitychange`) or unloaded (`pagehide`), and comes
 * back when it is shown again. Writes go out one after another, so a leave is never overtaken
 * by an earlier announcement. Failures are ignored: presence is a hint, and entries expire.
 */
export function usePresenceHeartbeat(ticketId: string, typing: boolean): void {
  const [announce] = useAnnouncePresenceMutation();
  const [leave] = useLeavePresenceMutation();
  const latest = useRef({ announce, leave, typing });
  latest.current = { announce, leave, typing };
  /** Renews the announcement now, if this screen is present; set by the effect below. */
  const beat = useRef<() => void>(() => undefined);

  useEffect(() => {
    let present = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    let queue: Promise<unknown> = Promise.resolve();
    const enqueue = (write: () => Promise<unknown>) => {
      queue = queue.then(write, write);
    };
    beat.current = () => {
      if (!present) return;
      const { announce: send, typing: nowTyping } = latest.current;
      enqueue(() => send({ ticketId, typing: nowTyping, ttlMs: PRESENCE_TTL_MS }));
    };
    const arrive = () => {
      if (present) return;
      present = true;
      beat.current();
      timer = setInterval(() => beat.current(), PRESENCE_HEARTBEAT_MS);
    };
    const depart = () => {
      if (!present) return;
      present = false;
      clearInterval(timer);
      const { leave: goodbye } = latest.current;
      enqueue(() => goodbye(ticketId));
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? depart() : arrive());

    if (document.visibilityState !== 'hidden') arrive();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', depart);
    window.addEventListener('pageshow', arrive);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', depart);
      window.removeEventListener('pageshow', arrive);
      depart();
      beat.current = () => undefined;
    };
  }, [ticketId]);

  const announcedTyping = useRef(typing);
  useEffect(() => {
    if (announcedTyping.current === typing) return;
    announcedTyping.current = typing;
    beat.current();
  }, [typing]);
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

function PresenceTag({ entry }: { entry: PresenceEntry }) {
  const intl = useIntl();
  const text = intl.formatMessage(entry.typing ? MESSAGES.typing : MESSAGES.viewing, { name: entry.displayName });
  return (
    <Tag
      color={entry.typing ? 'processing' : 'default'}
      icon={entry.typing ? <EditOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
      data-testid="presence-entry"
      data-typing={entry.typing ? 'true' : 'false'}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, paddingBlock: 2, marginInlineEnd: 0 }}
    >
      <Avatar size={20} aria-hidden style={{ fontSize: 10, marginInlineEnd: 6, verticalAlign: 'middle' }}>
        {initials(entry.displayName)}
      </Avatar>
      {text}
    </Tag>
  );
}

/**
 * The other staff on `ticketId`, live: "Priya Shah is viewing", "Priya Shah is typing…". Shows
 * nothing when nobody else is there, or when presence cannot be read (it is a hint, not data).
 * A polite live region, so a screen reader hears who arrives and who starts typing.
 * @param meUid the signed-in person, left out of the list.
 */
export function TicketPresence({ ticketId, meUid }: { ticketId: string; meUid: string }) {
  const { data } = useWatchPresenceQuery(ticketId);
  const intl = useIntl();
  const others = (data?.value ?? []).filter((entry) => entry.uid !== meUid);
  return (
    <Flex
      role="status"
      aria-live="polite"
      aria-label={intl.formatMessage(MESSAGES.region)}
      data-testid="ticket-presence"
      gap={8}
      wrap
      align="center"
    >
      {others.map((entry) => (
        <PresenceTag key={entry.uid} entry={entry} />
      ))}
    </Flex>
  );
}
