/**
 * A message's attachments as download links: a click asks the backend for a signed URL
 * (only people who may read the file get one) and opens it.
 */
import { useState } from 'react';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import type { ErrorShape } from '@/domain/errors';
import type { Attachment } from '@/domain/types';
import { useLazyAttachmentUrlQuery } from '@/features/tickets/api/ticket-api';
import { formatFileSize } from '@/features/tickets/components/attachment-size';
import { friendlyMessage } from '@/lib/error-messages';

/** Opens a URL as a download of `name` (an anchor click works for blob:, data: and https: URLs). */
function openDownload(url: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.target = '_blank';
  anchor.rel = 'noopener noreferrer';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * The attachments of one message, each a link named by the file. Its signed URL is fetched
 * when the pointer or focus reaches it, so the click itself is a plain link (downloads and
 * new tabs work as people expect); a click before that fetches the URL, then opens it.
 */
export function AttachmentLinks({ attachments }: { attachments: Attachment[] }) {
  const [fetchUrl] = useLazyAttachmentUrlQuery();
  const [urls, setUrls] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function urlOf(attachment: Attachment): Promise<string> {
    const url = await fetchUrl(attachment.path, true).unwrap();
    setUrls((known) => (known[attachment.path] === url ? known : { ...known, [attachment.path]: url }));
    return url;
  }

  function prefetch(attachment: Attachment) {
    // A failure shows when the link is used; hovering alone says nothing.
    if (!urls[attachment.path]) urlOf(attachment).catch(() => undefined);
  }

  async function download(attachment: Attachment) {
    setPending(attachment.path);
    setError(null);
    try {
      openDownload(await urlOf(attachment), attachment.name);
    } catch (caught) {
      setError(`${attachment.name}: ${friendlyMessage(caught as Partial<ErrorShape>)}`);
    } finally {
      setPending(null);
    }
  }

  return (
    <Flex vertical gap={4} style={{ marginTop: 8 }}>
      <ul aria-label="Attachments" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, margin: 0, padding: 0 }}>
        {attachments.map((attachment) => {
          const url = urls[attachment.path];
          return (
            <li key={attachment.path} style={{ listStyle: 'none' }}>
              <Flex align="center" gap={4}>
                {pending === attachment.path ? <LoadingOutlined aria-hidden /> : <PaperClipOutlined aria-hidden />}
                <Typography.Link
                  href={url ?? '#'}
                  download={url ? attachment.name : undefined}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={`Download ${attachment.name}`}
                  aria-busy={pending === attachment.path || undefined}
                  onMouseEnter={() => prefetch(attachment)}
                  onFocus={() => prefetch(attachment)}
                  onClick={(event) => {
                    if (url) return; // the browser follows the real link
                    event.preventDefault();
                    if (pending !== attachment.path) void download(attachment);
                  }}
                >
                  {attachment.name}
                </Typography.Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  ({formatFileSize(attachment.size)})
                </Typography.Text>
              </Flex>
            </li>
          );
        })}
      </ul>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
