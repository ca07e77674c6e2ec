/**
 * A message's attachments: images previewed inline — a thumbnail that opens a
 * full-size viewer — and every other file as a download link. A URL is asked of the backend
 * (only people who may read the file get one): for an image when it scrolls into view, for a
 * link when the pointer or focus reaches it.
 */
import { useEffect, useRef, useState } from 'react';
import Flex from 'antd/es/flex';
import Image from 'antd/es/image';
import Typography from 'antd/es/typography';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ErrorShape } from '@/domain/errors/errors';
import type { Attachment } from '@/domain/types';
import { useLazyAttachmentUrlQuery } from '@/features/tickets/api/conversation-api';
import { formatFileSize } from '@/lib/format-bytes';
import { useFriendlyMessage } from '@/lib/i18n/labels';

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

/** Image types a browser shows in an `<img>` (SVG included: scripts never run there). */
const PREVIEWABLE = /^image\/(png|jpe?g|gif|webp|avif|bmp|svg\+xml)$/i;

/** Whether an attachment is previewed inline rather than offered as a link only. */
export function isPreviewableImage(attachment: Pick<Attachment, 'contentType'>): boolean {
  return PREVIEWABLE.test(attachment.contentType);
}

/** Thumbnail box, px: large enough to read a screenshot's gist, small enough for a row of them. */
const THUMB_WIDTH = 200;
const THUMB_HEIGHT = 150;

/**
 * Calls `onVisible` once the element is within a screen of the viewport (at once where
 * IntersectionObserver is missing, e.g. jsdom). Returns the ref to put on the element.
 */
function useWhenVisible<T extends Element>(onVisible: () => void) {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      callback.current();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          callback.current();
        }
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}

/**
 * One image attachment as a thumbnail (click: the full-size viewer) with its name as a
 * download link underneath. A failure to get its URL or to decode it says so in place of the
 * picture, and the link still offers the file.
 */
function ImagePreview({
  attachment,
  url,
  load,
  link,
}: {
  attachment: Attachment;
  url: string | undefined;
  load: () => Promise<string>;
  link: React.ReactNode;
}) {
  const intl = useIntl();
  const friendlyMessage = useFriendlyMessage();
  const [failed, setFailed] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const ref = useWhenVisible<HTMLDivElement>(() => {
    if (!url) load().catch((caught: Partial<ErrorShape>) => setFailed(friendlyMessage(caught)));
  });
  const name = attachment.name;
  const box = { width: THUMB_WIDTH, height: THUMB_HEIGHT };
  const centred = { display: 'flex', alignItems: 'center', justifyContent: 'center' } as const;
  let thumb;
  if (failed) {
    thumb = (
      <Typography.Text type="secondary" style={{ fontSize: 12, padding: 8, textAlign: 'center' }}>
        <FormattedMessage
          id="conversation.attachments.noPreview"
          defaultMessage="No preview: {reason}"
          values={{ reason: failed }}
        />
      </Typography.Text>
    );
  } else if (!url) {
    thumb = (
      <LoadingOutlined
        aria-label={intl.formatMessage(
          { id: 'conversation.attachments.loadingImage', defaultMessage: 'Loading {name}' },
          { name },
        )}
      />
    );
  } else {
    // A real button, so the viewer opens from the keyboard too. The viewer is portalled, but its
    // React events still bubble here: only clicks on the thumbnail itself open it.
    thumb = (
      <button
        type="button"
        aria-label={intl.formatMessage(
          { id: 'conversation.attachments.viewFullSize', defaultMessage: 'View {name} full size' },
          { name },
        )}
        onClick={(event) => {
          if (event.currentTarget.contains(event.target as Node)) setOpen(true);
        }}
        style={{ ...box, ...centred, padding: 0, border: 0, background: 'transparent', cursor: 'zoom-in' }}
      >
        <Image
          src={url}
          alt={attachment.name}
          width={THUMB_WIDTH}
          height={THUMB_HEIGHT}
          style={{ objectFit: 'contain', borderRadius: 6 }}
          preview={{
            visible: open,
            onVisibleChange: setOpen,
            mask: <FormattedMessage id="conversation.attachments.viewMask" defaultMessage="View" />,
          }}
          onError={() =>
            setFailed(
              intl.formatMessage({
                id: 'conversation.attachments.imageNotShown',
                defaultMessage: 'the image could not be shown.',
              }),
            )
          }
        />
      </button>
    );
  }
  return (
    <Flex vertical gap={4} style={{ width: THUMB_WIDTH }}>
      <div ref={ref} style={{ ...box, ...centred, overflow: 'hidden' }}>
        {thumb}
      </div>
      {link}
    </Flex>
  );
}

/**
 * The attachments of one message: images as inline previews, each with its name as a link;
 * other files as links named by the file. Its signed URL is fetched
 * when the pointer or focus reaches it, so the click itself is a plain link (downloads and
 * new tabs work as people expect); a click before that fetches the URL, then opens it.
 */
export function AttachmentLinks({ attachments }: { attachments: Attachment[] }) {
  const intl = useIntl();
  const friendlyMessage = useFriendlyMessage();
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
      setError(
        intl.formatMessage(
          { id: 'conversation.attachments.downloadFailed', defaultMessage: '{name}: {reason}' },
          { name: attachment.name, reason: friendlyMessage(caught as Partial<ErrorShape>) },
        ),
      );
    } finally {
      setPending(null);
    }
  }

  function link(attachment: Attachment) {
    const url = urls[attachment.path];
    return (
      <Flex align="center" gap={4} style={{ minWidth: 0 }}>
        {pending === attachment.path ? <LoadingOutlined aria-hidden /> : <PaperClipOutlined aria-hidden />}
        <Typography.Link
          href={url ?? '#'}
          download={url ? attachment.name : undefined}
          target="_blank"
          rel="noopener noreferrer"
          title={intl.formatMessage(
            { id: 'conversation.attachments.download', defaultMessage: 'Download {name}' },
            { name: attachment.name },
          )}
          dir="auto"
          aria-busy={pending === attachment.path || undefined}
          ellipsis
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
        <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
          <FormattedMessage
            id="conversation.attachments.size"
            defaultMessage="({size})"
            values={{ size: formatFileSize(attachment.size) }}
          />
        </Typography.Text>
      </Flex>
    );
  }

  const images = attachments.filter(isPreviewableImage);
  const files = attachments.filter((attachment) => !isPreviewableImage(attachment));
  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }}>
      {images.length > 0 && (
        <ul
          aria-label={intl.formatMessage({ id: 'conversation.attachments.images', defaultMessage: 'Images' })}
          style={{ display: 'flex', flexWrap: 'wrap', gap: 12, margin: 0, padding: 0 }}
        >
          {images.map((attachment) => (
            <li key={attachment.path} style={{ listStyle: 'none' }}>
              <ImagePreview
                attachment={attachment}
                url={urls[attachment.path]}
                load={() => urlOf(attachment)}
                link={link(attachment)}
              />
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul
          aria-label={intl.formatMessage({ id: 'conversation.attachments.files', defaultMessage: 'Attachments' })}
          style={{ display: 'flex', flexWrap: 'wrap', gap: 12, margin: 0, padding: 0 }}
        >
          {files.map((attachment) => (
            <li key={attachment.path} style={{ listStyle: 'none' }}>
              {link(attachment)}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
