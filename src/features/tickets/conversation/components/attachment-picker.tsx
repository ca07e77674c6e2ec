/**
 * The attachment picker: an "Attach files" button over a hidden file input, and the list of
 * picked files with progress, Cancel, Retry and Remove (DESIGN §3 limits are checked by
 * `useAttachmentUploads` before anything uploads).
 */
import { useId, useRef, type ChangeEvent } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { ALLOWED_ATTACHMENT_TYPES, LIMITS } from '@/domain/limits';
import type { AttachmentUploads, UploadItem } from '@/features/tickets/conversation/components/attachment-uploads';
import { formatFileSize } from '@/lib/format-bytes';

/** What the file dialog offers: images (SVG is refused after picking) and DESIGN §3's types. */
const ACCEPT = ['image/*', ...ALLOWED_ATTACHMENT_TYPES].join(',');

const LIST_STYLE = { display: 'flex', flexDirection: 'column', gap: 6, margin: 0, padding: 0 } as const;

const STATE_TEXT = defineMessages<UploadItem['state']>({
  uploading: { id: 'conversation.attachmentPicker.state.uploading', defaultMessage: 'Uploading' },
  done: { id: 'conversation.attachmentPicker.state.done', defaultMessage: 'Uploaded' },
  failed: { id: 'conversation.attachmentPicker.state.failed', defaultMessage: 'Upload failed' },
  refused: { id: 'conversation.attachmentPicker.state.refused', defaultMessage: 'Not attached' },
  cancelled: { id: 'conversation.attachmentPicker.state.cancelled', defaultMessage: 'Cancelled' },
});

/** The picker's button, and the name of its file input (tests set files on it by this label). */
const ATTACH_FILES = defineMessage({ id: 'conversation.attachmentPicker.attach', defaultMessage: 'Attach files' });

/**
 * A thin progress bar with the percentage (antd's Progress brings its circle and steps
 * variants along, into every ticket chunk, for one bar).
 */
function UploadBar({ name, percent }: { name: string; percent: number }) {
  const { token } = theme.useToken();
  const intl = useIntl();
  return (
    <Flex align="center" gap={6}>
      <div
        role="progressbar"
        aria-label={intl.formatMessage(
          { id: 'conversation.attachmentPicker.progress', defaultMessage: 'Uploading {name}' },
          { name },
        )}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        style={{ width: 120, height: 6, borderRadius: 3, overflow: 'hidden', background: token.colorFillSecondary }}
      >
        <div
          style={{ width: `${percent}%`, height: '100%', background: token.colorPrimary, transition: 'width 0.2s' }}
        />
      </div>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {intl.formatNumber(percent / 100, { style: 'percent' })}
      </Typography.Text>
    </Flex>
  );
}

function ItemRow({ item, uploads, disabled }: { item: UploadItem; uploads: AttachmentUploads; disabled?: boolean }) {
  const intl = useIntl();
  const name = item.name;
  const label = intl.formatMessage(
    { id: 'conversation.attachmentPicker.itemLabel', defaultMessage: '{name}, {size}: {state}' },
    { name, size: formatFileSize(item.size), state: intl.formatMessage(STATE_TEXT[item.state]) },
  );
  const canRetry = item.state === 'failed' || item.state === 'cancelled';
  return (
    <li aria-label={label} data-testid="attachment-item" data-state={item.state} style={{ listStyle: 'none' }}>
      <Flex align="center" gap={8} wrap>
        <PaperClipOutlined aria-hidden />
        <Typography.Text ellipsis style={{ maxWidth: 280 }} title={item.name} dir="auto">
          {item.name}
        </Typography.Text>
        <Typography.Text type="secondary">{formatFileSize(item.size)}</Typography.Text>
        {item.state === 'done' && (
          <Typography.Text type="success">
            <FormattedMessage {...STATE_TEXT.done} />
          </Typography.Text>
        )}
        {item.state === 'cancelled' && (
          <Typography.Text type="secondary">
            <FormattedMessage {...STATE_TEXT.cancelled} />
          </Typography.Text>
        )}
        {item.state === 'uploading' && (
          <>
            <UploadBar name={item.name} percent={item.percent} />
            <Button
              size="small"
              onClick={() => uploads.cancel(item.key)}
              aria-label={intl.formatMessage(
                { id: 'conversation.attachmentPicker.cancelLabel', defaultMessage: 'Cancel upload of {name}' },
                { name },
              )}
            >
              <FormattedMessage id="conversation.attachmentPicker.cancel" defaultMessage="Cancel" />
            </Button>
          </>
        )}
        {canRetry && (
          <Button
            size="small"
            disabled={disabled}
            onClick={() => uploads.retry(item.key)}
            aria-label={intl.formatMessage(
              { id: 'conversation.attachmentPicker.retryLabel', defaultMessage: 'Retry upload of {name}' },
              { name },
            )}
          >
            <FormattedMessage id="conversation.attachmentPicker.retry" defaultMessage="Retry" />
          </Button>
        )}
        {item.state !== 'uploading' && (
          <Button
            size="small"
            type="text"
            disabled={disabled}
            onClick={() => uploads.remove(item.key)}
            aria-label={intl.formatMessage(
              { id: 'conversation.attachmentPicker.removeLabel', defaultMessage: 'Remove {name}' },
              { name },
            )}
          >
            <FormattedMessage id="conversation.attachmentPicker.remove" defaultMessage="Remove" />
          </Button>
        )}
      </Flex>
      {item.error && (
        <Typography.Text type="danger" role="alert">
          <FormattedMessage
            id="conversation.attachmentPicker.itemError"
            defaultMessage="{name}: {reason}"
            values={{ name, reason: item.error }}
          />
        </Typography.Text>
      )}
    </li>
  );
}

/**
 * A button that opens the file dialog (several files at once) and the list of picked files.
 * The input is labelled "Attach files" so tests can set files on it directly.
 */
export function AttachmentPicker({ uploads, disabled }: { uploads: AttachmentUploads; disabled?: boolean }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Cleared so picking the same file again (after Remove) fires a change again.
    event.target.value = '';
    if (files.length > 0) uploads.add(files);
  }

  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={8} wrap>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          aria-label={intl.formatMessage(ATTACH_FILES)}
          aria-describedby={hintId}
          disabled={disabled}
          onChange={picked}
          style={{ display: 'none' }}
        />
        <Button icon={<PaperClipOutlined aria-hidden />} disabled={disabled} onClick={() => input.current?.click()}>
          <FormattedMessage {...ATTACH_FILES} />
        </Button>
        <Typography.Text type="secondary" id={hintId}>
          <FormattedMessage
            id="conversation.attachmentPicker.hint"
            defaultMessage="Up to {count, number} files, {size, number} MB each: images, PDF, text, CSV, ZIP, Office documents."
            values={{ count: LIMITS.attachments.maxCount, size: LIMITS.attachments.maxBytes / 1024 / 1024 }}
          />
        </Typography.Text>
      </Flex>
      {uploads.items.length > 0 && (
        <ul
          aria-label={intl.formatMessage({
            id: 'conversation.attachmentPicker.list',
            defaultMessage: 'Attached files',
          })}
          style={LIST_STYLE}
        >
          {uploads.items.map((item) => (
            <ItemRow key={item.key} item={item} uploads={uploads} disabled={disabled} />
          ))}
        </ul>
      )}
    </Flex>
  );
}
