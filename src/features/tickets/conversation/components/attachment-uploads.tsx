/**
 * Attachments of one message being written: client-side checks with the domain schemas
 * (DESIGN §3: ≤ 5 files, ≤ 10 MB each, allowed types), uploads with progress, cancel and
 * retry through the `uploadAttachment` thunk, and a small picker to show them.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useAppDispatch } from '@/lib/store/store-hooks';
import type { ErrorShape } from '@/domain/errors/errors';
import { LIMITS } from '@/domain/limits';
import { attachmentFileSchema, attachmentListSchema, firstIssueMessage } from '@/domain/schemas';
import type { Attachment } from '@/domain/types';
import { uploadAttachment } from '@/features/tickets/api/upload-attachment';
import { newClientId } from '@/lib/ids';
import { useFriendlyMessage } from '@/lib/i18n/labels';

/** One file of the message: its upload state and, once stored, its path. */
export interface UploadItem {
  key: string;
  name: string;
  /** Bytes. */
  size: number;
  contentType: string;
  /** `refused` = failed the client-side checks and is never uploaded. */
  state: 'uploading' | 'done' | 'failed' | 'refused' | 'cancelled';
  /** 0–100. */
  percent: number;
  /** Why it was refused or failed, as a sentence. */
  error?: string;
  /** The stored path, once `done`. */
  path?: string;
}

/** What {@link useAttachmentUploads} returns. */
export interface AttachmentUploads {
  items: UploadItem[];
  /** Checks and starts uploading files; refused ones are listed with their reason. */
  add(files: File[]): void;
  /** Drops an item (aborting its upload if it runs). */
  remove(key: string): void;
  /** Aborts a running upload; the item becomes `cancelled`. */
  cancel(key: string): void;
  /** Uploads a failed or cancelled item again. */
  retry(key: string): void;
  /** Forgets every item (aborting running uploads), e.g. after the message is sent. */
  reset(): void;
  /** true while any upload runs or any failed */
  busy: boolean;
  hasFailures: boolean;
  /** uploaded files, for messages.add / tickets.create */
  attachments: Attachment[];
}

/** Items that take one of the message's five places (refused ones do not). */
function holdsPlace(item: UploadItem): boolean {
  return item.state !== 'refused';
}

/**
 * Why a file fails `attachmentFileSchema`, in the reader's language: the DESIGN §3 checks a
 * picked file can fail (too big, wrong type); anything else in the schema's own sentence.
 */
function fileProblem(intl: IntlShape, error: Parameters<typeof firstIssueMessage>[0]): string {
  const issue = error.issues[0];
  if (issue?.path[0] === 'size' && issue.code === 'too_big') {
    return intl.formatMessage(
      { id: 'conversation.attachmentUploads.tooBig', defaultMessage: 'A file may be at most {size, number} MB.' },
      { size: LIMITS.attachments.maxBytes / 1024 / 1024 },
    );
  }
  if (issue?.path[0] === 'contentType') {
    return intl.formatMessage({
      id: 'conversation.attachmentUploads.wrongType',
      defaultMessage: 'This type of file cannot be attached.',
    });
  }
  return firstIssueMessage(error);
}

function errorShape(error: unknown): { code?: ErrorShape['code'] | string; message?: string } {
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return {
      code: typeof code === 'string' ? code : undefined,
      message: typeof message === 'string' ? message : undefined,
    };
  }
  return {};
}

/**
 * Uploads for one message to `tickets/{ticketId}/{messageId}/` (DESIGN §4).
 * @param ticketId the ticket (it may not exist yet: a new request uploads before submitting).
 * @param messageId the client id the message will be sent with; uploads use the current one.
 * @param restored files already stored under these ids (a draft's, after a reload): listed as
 *   uploaded from the start.
 * @returns the items and the actions on them; `attachments` holds the uploaded files.
 */
export function useAttachmentUploads(
  ticketId: string,
  messageId: string,
  restored: readonly Attachment[] = [],
): AttachmentUploads {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const friendlyMessage = useFriendlyMessage();
  const [items, setItems] = useState<UploadItem[]>(() =>
    restored.map((file) => ({ key: newClientId(), ...file, state: 'done', percent: 100 })),
  );
  // Files and abort controllers are not state: they are not rendered and not serializable.
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());
  const target = useRef({ ticketId, messageId });
  target.current = { ticketId, messageId };
  // The list as last changed (state lags until the next render); every change goes through
  // `commit`, so an upload finishing and a file being added in one tick cannot undo each other.
  const current = useRef(items);
  const commit = useCallback((change: (list: UploadItem[]) => UploadItem[]) => {
    current.current = change(current.current);
    setItems(current.current);
  }, []);

  const update = useCallback(
    (key: string, change: Partial<UploadItem>) =>
      commit((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [commit],
  );

  const start = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      controllers.current.get(key)?.abort();
      const controller = new AbortController();
      controllers.current.set(key, controller);
      update(key, { state: 'uploading', percent: 0, error: undefined, path: undefined });
      const request = uploadAttachment({
        ticketId: target.current.ticketId,
        messageId: target.current.messageId,
        file: { name: file.name, size: file.size, contentType: file.type || 'application/octet-stream', data: file },
        signal: controller.signal,
        onProgress: ({ bytesTransferred, totalBytes }) => {
          if (controller.signal.aborted) return;
          const percent = totalBytes > 0 ? Math.round((bytesTransferred / totalBytes) * 100) : 100;
          update(key, { percent });
        },
      });
      dispatch(request).then(
        (path) => {
          if (controllers.current.get(key) !== controller) return;
          controllers.current.delete(key);
          update(key, { state: 'done', percent: 100, path });
        },
        (error: unknown) => {
          if (controllers.current.get(key) !== controller) return;
          controllers.current.delete(key);
          const shape = errorShape(error);
          if (shape.code === 'cancelled' || controller.signal.aborted) update(key, { state: 'cancelled' });
          else update(key, { state: 'failed', error: friendlyMessage(shape) });
        },
      );
    },
    [dispatch, update, friendlyMessage],
  );

  const add = useCallback(
    (picked: File[]) => {
      const accepted: string[] = [];
      const added: UploadItem[] = [];
      let places = current.current.filter(holdsPlace).length;
      for (const file of picked) {
        const meta = { name: file.name, size: file.size, contentType: file.type || 'application/octet-stream' };
        const item: UploadItem = { key: newClientId(), ...meta, state: 'uploading', percent: 0 };
        const checked = attachmentFileSchema.safeParse(meta);
        const counted = attachmentListSchema.safeParse(new Array<typeof meta>(places + 1).fill(meta));
        const sameName = [...current.current, ...added].some((other) => holdsPlace(other) && other.name === file.name);
        if (!checked.success) item.error = fileProblem(intl, checked.error);
        else if (sameName) {
          item.error = intl.formatMessage({
            id: 'conversation.attachmentUploads.sameName',
            defaultMessage: 'A file with this name is already attached.',
          });
        } else if (!counted.success) {
          // The list's one check: DESIGN §3's number of files per message.
          item.error = intl.formatMessage(
            {
              id: 'conversation.attachmentUploads.tooMany',
              defaultMessage: 'At most {count, number} files per message.',
            },
            { count: LIMITS.attachments.maxCount },
          );
        }
        if (item.error) {
          added.push({ ...item, state: 'refused' });
          continue;
        }
        places += 1;
        files.current.set(item.key, file);
        accepted.push(item.key);
        added.push(item);
      }
      commit((list) => [...list, ...added]);
      accepted.forEach(start);
    },
    [commit, start, intl],
  );

  const cancel = useCallback(
    (key: string) => {
      const controller = controllers.current.get(key);
      if (!controller) return;
      controllers.current.delete(key);
      controller.abort();
      update(key, { state: 'cancelled' });
    },
    [update],
  );

  const remove = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      controllers.current.delete(key);
      files.current.delete(key);
      commit((list) => list.filter((item) => item.key !== key));
    },
    [commit],
  );

  const reset = useCallback(() => {
    controllers.current.forEach((controller) => controller.abort());
    controllers.current.clear();
    files.current.clear();
    commit(() => []);
  }, [commit]);

  // Leaving the page stops uploads nobody will send.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  return useMemo(() => {
    const hasFailures = items.some((item) => item.state === 'failed');
    const uploading = items.some((item) => item.state === 'uploading');
    const attachments: Attachment[] = items
      .filter((item) => item.state === 'done' && item.path)
      .map((item) => ({ path: item.path ?? '', name: item.name, size: item.size, contentType: item.contentType }));
    return {
      items,
      add,
      remove,
      cancel,
      retry: start,
      reset,
      busy: uploading || hasFailures,
      hasFailures,
      attachments,
    };
  }, [items, add, remove, cancel, start, reset]);
}
