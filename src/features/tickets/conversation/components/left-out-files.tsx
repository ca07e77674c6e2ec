/**
 * Asking before a message goes without some of the files picked for it: files refused by the
 * DESIGN §3 checks (too big, wrong type, one too many) or whose upload was cancelled stay listed
 * in red, and sending must not drop them without a word.
 */
import type { useAppProps } from 'antd/es/app/context';
import type { UploadItem } from '@/features/tickets/conversation/components/attachment-uploads';

/** The files a send would leave out: refused or cancelled, never uploaded. */
export function leftOutFiles(items: readonly UploadItem[]): UploadItem[] {
  return items.filter((item) => item.state === 'refused' || item.state === 'cancelled');
}

/**
 * Asks whether to send without `items`, naming each file and why it is left out.
 * @param modal antd's `App.useApp().modal`.
 * @param items what {@link leftOutFiles} returned (non-empty).
 * @returns true when the person chose to send without them, false when they went back to edit.
 */
export function confirmSendingWithout(modal: useAppProps['modal'], items: readonly UploadItem[]): Promise<boolean> {
  const count = items.length === 1 ? 'this file' : `these ${items.length} files`;
  return new Promise((resolve) => {
    modal.confirm({
      title: `Send without ${count}?`,
      content: (
        <ul style={{ margin: '8px 0 0', paddingInlineStart: 20 }}>
          {items.map((item) => (
            <li key={item.key}>
              <strong>{item.name}</strong> — {item.state === 'cancelled' ? 'its upload was cancelled.' : item.error}
            </li>
          ))}
        </ul>
      ),
      okText: items.length === 1 ? 'Send without it' : 'Send without them',
      cancelText: 'Keep editing',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
