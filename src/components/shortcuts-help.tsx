/**
 * The keyboard shortcuts dialog (`?`): every shortcut of the desk and of a ticket in
 * one list, so agents learn them in one place. Shared by the queue and the ticket screen.
 */
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import Modal from 'antd/es/modal';
import theme from 'antd/es/theme';

/** One shortcut: its keys as shown, and what it does. */
export interface Shortcut {
  keys: string[];
  does: MessageDescriptor;
}

const M = defineMessages({
  queue: { id: 'app.shortcuts.queue', defaultMessage: 'Queue' },
  next: { id: 'app.shortcuts.next', defaultMessage: 'Next ticket' },
  previous: { id: 'app.shortcuts.previous', defaultMessage: 'Previous ticket' },
  open: { id: 'app.shortcuts.open', defaultMessage: 'Open the selected ticket' },
  tick: { id: 'app.shortcuts.tick', defaultMessage: 'Tick the selected ticket for a bulk change' },
  ticket: { id: 'app.shortcuts.ticket', defaultMessage: 'Ticket' },
  reply: { id: 'app.shortcuts.reply', defaultMessage: 'Reply to the requester' },
  note: { id: 'app.shortcuts.note', defaultMessage: 'Write an internal note' },
  assign: { id: 'app.shortcuts.assign', defaultMessage: 'Assign to me' },
  anywhere: { id: 'app.shortcuts.anywhere', defaultMessage: 'Anywhere' },
  help: { id: 'app.shortcuts.help', defaultMessage: 'Show these shortcuts' },
});

/** The desk's and a ticket's shortcuts, in the order the dialog lists them. */
export const SHORTCUT_GROUPS: readonly { id: string; title: MessageDescriptor; shortcuts: readonly Shortcut[] }[] = [
  {
    id: 'queue',
    title: M.queue,
    shortcuts: [
      { keys: ['j'], does: M.next },
      { keys: ['k'], does: M.previous },
      { keys: ['Enter'], does: M.open },
      { keys: ['x'], does: M.tick },
    ],
  },
  {
    id: 'ticket',
    title: M.ticket,
    shortcuts: [
      { keys: ['r'], does: M.reply },
      { keys: ['n'], does: M.note },
      { keys: ['a'], does: M.assign },
    ],
  },
  { id: 'anywhere', title: M.anywhere, shortcuts: [{ keys: ['?'], does: M.help }] },
];

/**
 * The dialog listing {@link SHORTCUT_GROUPS}.
 * @param open shown or not; `onClose` is called on Escape, the close button or a click outside.
 */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { token } = theme.useToken();
  const intl = useIntl();
  const kbd = {
    display: 'inline-block',
    minWidth: 24,
    padding: '0 6px',
    marginInlineEnd: 4,
    border: `1px solid ${token.colorBorder}`,
    borderBottomWidth: 2,
    borderRadius: token.borderRadiusSM,
    background: token.colorFillAlter,
    fontFamily: token.fontFamilyCode,
    textAlign: 'center' as const,
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={<FormattedMessage id="app.shortcuts.title" defaultMessage="Keyboard shortcuts" />}
      destroyOnHidden
    >
      <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>
        <FormattedMessage
          id="app.shortcuts.whileTyping"
          defaultMessage="Shortcuts do nothing while you type in a field."
        />
      </p>
      {SHORTCUT_GROUPS.map((group) => (
        <section
          key={group.id}
          aria-label={intl.formatMessage(
            { id: 'app.shortcuts.group', defaultMessage: '{group} shortcuts' },
            { group: intl.formatMessage(group.title) },
          )}
        >
          <h4 style={{ margin: '12px 0 4px' }}>{intl.formatMessage(group.title)}</h4>
          <dl style={{ display: 'grid', gridTemplateColumns: '72px 1fr', gap: '6px 16px', margin: 0 }}>
            {group.shortcuts.map((shortcut) => (
              <div key={shortcut.does.id} style={{ display: 'contents' }}>
                <dt>
                  {shortcut.keys.map((key) => (
                    <kbd key={key} style={kbd}>
                      {key}
                    </kbd>
                  ))}
                </dt>
                <dd style={{ margin: 0 }}>{intl.formatMessage(shortcut.does)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </Modal>
  );
}
