/**
 * Asking before a message goes without some of the files picked for it: files refused by the
 * DESIGN §3 checks (too big, wrong type, one too many) or whose upload was cancelled stay listed
 * in red, and sending must not drop them without a word.
 */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
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
  // The dialog renders under the app's IntlProvider, so its texts are messages as nodes.
  const count = items.length;
  const bold = (chunks: ReactNode[]) => <strong dir="auto">{chunks}</strong>;
  return new Promise((resolve) => {
    modal.confirm({
      title: (
        <FormattedMessage
          id="conversation.leftOut.title"
          defaultMessage="{count, plural, one {Send without this file?} other {Send without these # files?}}"
          values={{ count }}
        />
      ),
      content: (
        <ul style={{ margin: '8px 0 0', paddingInlineStart: 20 }}>
          {items.map((item) => (
            <li key={item.key}>
              {item.state === 'cancelled' ? (
                <FormattedMessage
                  id="conversation.leftOut.cancelled"
                  defaultMessage="<b>{name}</b> — its upload was cancelled."
                  values={{ name: item.name, b: bold }}
                />
              ) : (
                <FormattedMessage
                  id="conversation.leftOut.refused"
                  defaultMessage="<b>{name}</b> — {reason}"
                  values={{ name: item.name, reason: item.error, b: bold }}
                />
              )}
            </li>
          ))}
        </ul>
      ),
      okText: (
        <FormattedMessage
          id="conversation.leftOut.sendWithout"
          defaultMessage="{count, plural, one {Send without it} other {Send without them}}"
          values={{ count }}
        />
      ),
      cancelText: <FormattedMessage id="conversation.leftOut.keepEditing" defaultMessage="Keep editing" />,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
