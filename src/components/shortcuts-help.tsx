/**
 * The keyboard shortcuts dialog (`?`): every shortcut of the desk and of a ticket in
 * one list, so agents learn them in one place. Shared by the queue and the ticket screen.
 */
import Modal from 'antd/es/modal';
import theme from 'antd/es/theme';

/** One shortcut: its keys as shown, and what it does. */
export interface Shortcut {
  keys: string[];
  does: string;
}

/** The desk's and a ticket's shortcuts, in the order the dialog lists them. */
export const SHORTCUT_GROUPS: readonly { title: string; shortcuts: readonly Shortcut[] }[] = [
  {
    title: 'Queue',
    shortcuts: [
      { keys: ['j'], does: 'Next ticket' },
      { keys: ['k'], does: 'Previous ticket' },
      { keys: ['Enter'], does: 'Open the selected ticket' },
      { keys: ['x'], does: 'Tick the selected ticket for a bulk change' },
    ],
  },
  {
    title: 'Ticket',
    shortcuts: [
      { keys: ['r'], does: 'Reply to the requester' },
      { keys: ['n'], does: 'Write an internal note' },
      { keys: ['a'], does: 'Assign to me' },
    ],
  },
  { title: 'Anywhere', shortcuts: [{ keys: ['?'], does: 'Show these shortcuts' }] },
];

/**
 * The dialog listing {@link SHORTCUT_GROUPS}.
 * @param open shown or not; `onClose` is called on Escape, the close button or a click outside.
 */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { token } = theme.useToken();
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
    <Modal open={open} onCancel={onClose} footer={null} title="Keyboard shortcuts" destroyOnHidden>
      <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>Shortcuts do nothing while you type in a field.</p>
      {SHORTCUT_GROUPS.map((group) => (
        <section key={group.title} aria-label={`${group.title} shortcuts`}>
          <h4 style={{ margin: '12px 0 4px' }}>{group.title}</h4>
          <dl style={{ display: 'grid', gridTemplateColumns: '72px 1fr', gap: '6px 16px', margin: 0 }}>
            {group.shortcuts.map((shortcut) => (
              <div key={shortcut.does} style={{ display: 'contents' }}>
                <dt>
                  {shortcut.keys.map((key) => (
                    <kbd key={key} style={kbd}>
                      {key}
                    </kbd>
                  ))}
                </dt>
                <dd style={{ margin: 0 }}>{shortcut.does}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </Modal>
  );
}
