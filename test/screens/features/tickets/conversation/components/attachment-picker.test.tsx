import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppError } from '@/domain/errors/errors';
import { refusals } from '@/domain/errors/refusals';
import { messagesOf } from '../../../../../support/local-backend';
import { localBackend, renderPanel, signedInStore, ticketBy } from '../../../../../support/composer-harness';

/** A file of a given type; `size` overrides the byte count the browser reports. */
function file(name: string, type: string, size?: number): File {
  const made = new File(['hello'], name, { type });
  if (size !== undefined) Object.defineProperty(made, 'size', { value: size });
  return made;
}

function item(name: string): HTMLElement {
  const row = screen
    .getAllByTestId('attachment-item')
    .find((candidate) => candidate.getAttribute('aria-label')?.startsWith(`${name},`));
  if (!row) throw new Error(`no attachment item ${name}`);
  return row;
}

// Playwright's setInputFiles ignores `accept` too; the checks under test are the app's own.
const setup = () => userEvent.setup({ delay: null, applyAccept: false });

beforeEach(() => window.localStorage.clear());

describe('attachment picker', () => {
  it('refuses files over 10 MB, of a refused type, and a sixth file, each with its reason, and never uploads them', async () => {
    const user = setup();
    const backend = localBackend();
    const ticket = await ticketBy(backend);
    const upload = jest.spyOn(backend.files, 'uploadAttachment');
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: false });
    const input = await screen.findByLabelText('Attach files');
    expect(input).toHaveAttribute('accept', expect.stringContaining('application/pdf'));

    await user.upload(input, [
      file('huge.pdf', 'application/pdf', 10 * 1024 * 1024 + 1),
      file('setup.exe', 'application/x-msdownload'),
      file('logo.svg', 'image/svg+xml'),
    ]);
    expect(within(item('huge.pdf')).getByRole('alert')).toHaveTextContent('A file may be at most 10 MB.');
    expect(within(item('setup.exe')).getByRole('alert')).toHaveTextContent('This type of file cannot be attached.');
    expect(within(item('logo.svg')).getByRole('alert')).toHaveTextContent('This type of file cannot be attached.');
    expect(item('huge.pdf')).toHaveAttribute('data-state', 'refused');

    await user.upload(
      input,
      ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => file(`${name}.txt`, 'text/plain')),
    );
    await waitFor(() => expect(item('e.txt')).toHaveAttribute('data-state', 'done'));
    expect(within(item('f.txt')).getByRole('alert')).toHaveTextContent('At most 5 files per message.');
    expect(upload).toHaveBeenCalledTimes(5);
    expect(upload.mock.calls.map((call) => call[2].name)).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt']);

    // A refused file does not block sending, but the reply asks before leaving the four behind;
    // the five uploaded ones go with it.
    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Logs attached.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Send without these 4 files?').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('f.txt')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send without them' }));
    await waitFor(async () => expect((await messagesOf(backend, ticket.id)).length).toBe(2));
    const sent = (await messagesOf(backend, ticket.id))[1];
    expect(sent?.attachments.map((attachment) => attachment.name)).toEqual([
      'a.txt',
      'b.txt',
      'c.txt',
      'd.txt',
      'e.txt',
    ]);
  });

  it('uploads an allowed file, sends it with the reply and offers it for download', async () => {
    const user = setup();
    const backend = localBackend();
    const ticket = await ticketBy(backend);
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: false });

    await user.upload(await screen.findByLabelText('Attach files'), file('notes.txt', 'text/plain'));
    await waitFor(() => expect(item('notes.txt')).toHaveAttribute('data-state', 'done'));
    expect(item('notes.txt')).toHaveTextContent('5 B');
    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'See the notes.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));

    const download = await screen.findByRole('link', { name: 'notes.txt' }, { timeout: 5000 });
    expect(download.closest('li')).toHaveTextContent('notes.txt(5 B)');
    // Sent: the picker is empty again for the next message.
    expect(screen.queryAllByTestId('attachment-item')).toHaveLength(0);
    const [, reply] = await messagesOf(backend, ticket.id);
    expect(reply?.attachments).toEqual([
      { path: `tickets/${ticket.id}/${reply?.id}/notes.txt`, name: 'notes.txt', size: 5, contentType: 'text/plain' },
    ]);

    // A click before the signed URL is known fetches it, then opens it as a download.
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      fireEvent.click(download);
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      const anchor = click.mock.contexts[0] as HTMLAnchorElement;
      expect(anchor.download).toBe('notes.txt');
      expect(anchor.href).toMatch(/^(data:text\/plain|blob:)/);
    } finally {
      click.mockRestore();
    }
    // From then on the link itself points at the file.
    await waitFor(() => expect(download.getAttribute('href')).toMatch(/^(data:text\/plain|blob:)/));
    expect(download).toHaveAttribute('download', 'notes.txt');
  });

  it('cancels a running upload, then retries it', async () => {
    const user = setup();
    const backend = localBackend();
    const ticket = await ticketBy(backend);
    const real = backend.files.uploadAttachment.bind(backend.files);
    // The first upload hangs until aborted, as a slow network would; the retry goes through.
    const upload = jest
      .spyOn(backend.files, 'uploadAttachment')
      .mockImplementationOnce(
        (_ticketId, _messageId, _file, onProgress, signal) =>
          new Promise((_resolve, reject) => {
            onProgress?.({ bytesTransferred: 2, totalBytes: 5 });
            signal?.addEventListener('abort', () => reject(new AppError('cancelled', 'The upload was cancelled.')));
          }),
      )
      .mockImplementation(real);
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: false });

    await user.upload(await screen.findByLabelText('Attach files'), file('slow.txt', 'text/plain'));
    expect(await within(item('slow.txt')).findByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    // Sending waits for the upload.
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel upload of slow.txt' }));
    await waitFor(() => expect(item('slow.txt')).toHaveAttribute('data-state', 'cancelled'));
    const signal = upload.mock.calls[0]?.[4];
    expect(signal?.aborted).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Retry upload of slow.txt' }));
    await waitFor(() => expect(item('slow.txt')).toHaveAttribute('data-state', 'done'));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Remove slow.txt' }));
    expect(screen.queryAllByTestId('attachment-item')).toHaveLength(0);
  });

  it('shows a failed upload with its reason and keeps Send disabled until it is retried or removed', async () => {
    const user = setup();
    const backend = localBackend();
    const ticket = await ticketBy(backend);
    jest
      .spyOn(backend.files, 'uploadAttachment')
      .mockRejectedValueOnce(new AppError('permission-denied', 'You cannot attach files to this ticket.'));
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: false });

    await user.upload(await screen.findByLabelText('Attach files'), file('denied.txt', 'text/plain'));
    await waitFor(() => expect(item('denied.txt')).toHaveAttribute('data-state', 'failed'));
    expect(within(item('denied.txt')).getByRole('alert')).toHaveTextContent('You cannot attach files to this ticket.');
    expect(screen.getByText('Retry or remove the files that failed to upload before sending.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove denied.txt' }));
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeEnabled();
  });

  it('says when a person’s uploads for the day are used up, and when they can upload again', async () => {
    const user = setup();
    const backend = localBackend();
    const ticket = await ticketBy(backend);
    jest.spyOn(backend.files, 'uploadAttachment').mockRejectedValueOnce(refusals.uploadQuotaFull(100, 5));
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: false });

    await user.upload(await screen.findByLabelText('Attach files'), file('many.txt', 'text/plain'));
    await waitFor(() => expect(item('many.txt')).toHaveAttribute('data-state', 'failed'));
    expect(within(item('many.txt')).getByRole('alert')).toHaveTextContent(
      'You have uploaded 100 files within a day, the most one person may. Try again in 5 h.',
    );
  });
});
