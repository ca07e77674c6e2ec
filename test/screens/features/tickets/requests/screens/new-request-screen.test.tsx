/**
 * The new-request screen over the local backend (seeded, signed in as a customer): DESIGN §3
 * limits as field messages with nothing typed lost, attachment limits, a submit that lands on
 * the new request, a refused submit that keeps everything and retries with the same client
 * ids — also after a reload, from the draft — and the draft surviving a remount, shown only to
 * the person who wrote it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { CreateTicketInput } from '@/backend/port/tickets';
import type { Backend } from '@/backend/port/backend';
import { AppError } from '@/domain/errors/errors';
import { button, findHeading } from '../../../../../support/fast-queries';
import { demoAccount, secondClient, seededDeskAs, storedTickets } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

/** A seeded backend with Dana (a customer) signed in. */
async function signedInCustomer(): Promise<Backend> {
  return (await seededDeskAs(demoAccount('dana@example.test'))).backend;
}

/**
 * A seeded backend with Dana signed in, and the number her next request gets: the seed numbers
 * its tickets 1..N (how many there are depends on the day: its history spans the last 90 days).
 */
async function customerAndNextNumber(): Promise<{ backend: Backend; next: number }> {
  const { backend, dbName } = await seededDeskAs(demoAccount('dana@example.test'));
  return { backend, next: (await storedTickets(dbName)).length + 1 };
}

/** A file of a given size without allocating it. */
function fakeFile(name: string, type: string, size = 64): File {
  const file = new File(['x'.repeat(Math.min(size, 64))], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const SEND = 'Send request';

beforeEach(() => {
  // Drafts persist to localStorage, which jsdom keeps between tests of a file.
  localStorage.clear();
});

describe('new request screen', () => {
  it('shows every DESIGN §3 text limit under its field and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderApp(await signedInCustomer(), '/requests/new');

    await screen.findByLabelText('Subject');
    await user.click(button(SEND));
    expect(await screen.findByText('The subject needs at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('Write a message.')).toBeInTheDocument();

    const subject = screen.getByLabelText('Subject');
    const description = screen.getByLabelText('Description');
    await user.type(subject, 'ab');
    await user.type(description, '   ');
    await user.click(button(SEND));
    expect(screen.getByText('The subject needs at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('Write a message.')).toBeInTheDocument();
    expect(subject).toHaveValue('ab');
    expect(subject).toHaveAttribute('aria-invalid', 'true');

    const longSubject = 's'.repeat(151);
    const longDescription = 'd'.repeat(10_001);
    fireEvent.change(subject, { target: { value: longSubject } });
    fireEvent.change(description, { target: { value: longDescription } });
    await user.click(button(SEND));
    expect(await screen.findByText('The subject has at most 150 characters.')).toBeInTheDocument();
    expect(screen.getByText('A message has at most 10,000 characters.')).toBeInTheDocument();
    // Nothing is cut off: the person decides what to shorten.
    expect(subject).toHaveValue(longSubject);
    expect(description).toHaveValue(longDescription);

    fireEvent.change(subject, { target: { value: 's'.repeat(150) } });
    fireEvent.change(description, { target: { value: 'd'.repeat(10_000) } });
    expect(screen.queryByText('The subject has at most 150 characters.')).not.toBeInTheDocument();
    expect(screen.queryByText('A message has at most 10,000 characters.')).not.toBeInTheDocument();
  });

  it('shows no message for a field left untouched, then every message at once on send, focus on the first', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderApp(await signedInCustomer(), '/requests/new');
    const subject = await screen.findByLabelText('Subject');
    const description = screen.getByLabelText('Description');

    // Through both fields without typing (as on the way to the button): nothing appears to
    // move the button from under the pointer.
    await user.click(subject);
    await user.click(description);
    await user.tab();
    expect(screen.queryByText('The subject needs at least 3 characters.')).not.toBeInTheDocument();
    expect(screen.queryByText('Write a message.')).not.toBeInTheDocument();

    await user.click(button(SEND));
    expect(await screen.findByText('The subject needs at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('Write a message.')).toBeInTheDocument();
    expect(subject).toHaveFocus();
  });

  it("shows a field's message once it was edited and left", async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderApp(await signedInCustomer(), '/requests/new');
    const subject = await screen.findByLabelText('Subject');
    await user.type(subject, 'ab');
    await user.tab();
    expect(await screen.findByText('The subject needs at least 3 characters.')).toBeInTheDocument();
    expect(screen.queryByText('Write a message.')).not.toBeInTheDocument();
  });

  it('refuses an attachment over 10 MB, of a wrong type, and a sixth file', async () => {
    const user = userEvent.setup({
      delay: null,
      applyAccept: false,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    renderApp(await signedInCustomer(), '/requests/new');
    const input = await screen.findByLabelText('Attach files');

    await user.upload(input, fakeFile('huge.pdf', 'application/pdf', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('huge.pdf: A file may be at most 10 MB.')).toBeInTheDocument();

    await user.upload(input, fakeFile('tool.exe', 'application/x-msdownload'));
    expect(await screen.findByText('tool.exe: This type of file cannot be attached.')).toBeInTheDocument();

    await user.upload(
      input,
      ['1', '2', '3', '4', '5'].map((n) => fakeFile(`notes-${n}.txt`, 'text/plain')),
    );
    await user.upload(input, fakeFile('sixth.txt', 'text/plain'));
    expect(await screen.findByText('sixth.txt: At most 5 files per message.')).toBeInTheDocument();

    const refused = screen
      .getAllByTestId('attachment-item')
      .filter((item) => item.getAttribute('data-state') === 'refused');
    expect(refused).toHaveLength(3);
  });

  it('sends a request with an attachment and lands on it, with its number', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend, next } = await customerAndNextNumber();
    const { router } = renderApp(backend, '/requests/new');

    await user.type(await screen.findByLabelText('Subject'), 'Export button does nothing');
    await user.type(screen.getByLabelText('Description'), 'Clicking Export on the reports page shows no file.');
    await user.click(await screen.findByLabelText('Technical'));
    await user.click(screen.getByLabelText('High'));
    await user.upload(
      screen.getByLabelText('Attach files'),
      new File(['no file appears'], 'steps.txt', { type: 'text/plain' }),
    );
    await waitFor(() => expect(screen.getByTestId('attachment-item')).toHaveAttribute('data-state', 'done'));
    await user.click(button(SEND));

    // The one after the seeded tickets.
    expect(await screen.findByText(`Request #${next} sent`)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/requests\/[A-Za-z0-9_-]+$/));
    const ticketId = router.state.location.pathname.split('/')[2] ?? '';
    expect(await findHeading(`#${next} Export button does nothing`)).toBeInTheDocument();
    expect(await screen.findByText('Clicking Export on the reports page shows no file.')).toBeInTheDocument();
    expect(await within(screen.getByTestId('conversation')).findByText('steps.txt')).toBeInTheDocument();

    const stored = await backend.tickets.get(ticketId);
    expect(stored).toMatchObject({ number: next, status: 'new', priority: 'high', category: 'Technical' });

    // The draft went with the request: a new form starts empty.
    await router.navigate('/requests/new');
    expect(await screen.findByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
  });

  it('shows a lost answer as an alert, keeps everything, and a retry lands on the one ticket made', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend, next } = await customerAndNextNumber();
    const calls: CreateTicketInput[] = [];
    const flaky: Backend = {
      ...backend,
      tickets: {
        ...backend.tickets,
        create: async (input) => {
          calls.push(input);
          const ticket = await backend.tickets.create(input);
          // The first answer is lost on the way back, after the ticket was stored.
          if (calls.length === 1) throw new AppError('unavailable', 'connection lost');
          return ticket;
        },
      },
    };
    const { router } = renderApp(flaky, '/requests/new');

    await user.type(await screen.findByLabelText('Subject'), 'Invoice address is wrong');
    await user.type(screen.getByLabelText('Description'), 'It shows our old office.');
    await user.click(button(SEND));

    expect(await screen.findByText('Your request was not sent')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Triage cannot reach its database. Check your connection and try again. Everything you typed is still here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('Invoice address is wrong');
    expect(screen.getByLabelText('Description')).toHaveValue('It shows our old office.');

    await user.click(button(SEND));
    // Same client ids, so the retry resolves with the stored ticket instead of making another.
    expect(await screen.findByText(`Request #${next} sent`)).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[0]?.id).toEqual(expect.any(String));
    expect(calls[1]?.id).toBe(calls[0]?.id);
    expect(calls[1]?.messageId).toBe(calls[0]?.messageId);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/requests/${calls[0]?.id ?? ''}`));
    expect(await findHeading(`#${next} Invoice address is wrong`)).toBeInTheDocument();
  });

  it("retries a submit after a reload with the draft's client ids, so one request is made", async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend, next } = await customerAndNextNumber();
    const calls: CreateTicketInput[] = [];
    const flaky: Backend = {
      ...backend,
      tickets: {
        ...backend.tickets,
        create: async (input) => {
          calls.push(input);
          const ticket = await backend.tickets.create(input);
          // The first answer is lost on the way back, after the ticket was stored.
          if (calls.length === 1) throw new AppError('unavailable', 'connection lost');
          return ticket;
        },
      },
    };
    const first = renderApp(flaky, '/requests/new');
    await user.type(await screen.findByLabelText('Subject'), 'Password reset mail never arrives');
    await user.type(screen.getByLabelText('Description'), 'Tried twice this morning.');
    await user.click(button(SEND));
    expect(await screen.findByText('Your request was not sent')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('persist:triage.drafts')).toContain('Tried twice'));
    first.unmount();

    // A reload: a new store from what was persisted, and the request is sent again.
    const { router } = renderApp(flaky, '/requests/new');
    expect(await screen.findByLabelText('Subject')).toHaveValue('Password reset mail never arrives');
    await user.click(button(SEND));
    expect(await screen.findByText(`Request #${next} sent`)).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.id).toBe(calls[0]?.id);
    expect(calls[1]?.messageId).toBe(calls[0]?.messageId);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/requests/${calls[0]?.id ?? ''}`));
    // Sent: the draft went, and with it the ids; nothing of it is left in the browser.
    await waitFor(() => expect(localStorage.getItem('persist:triage.drafts')).not.toContain('Tried twice'));
  });

  it('shows a new-request draft only to the person who wrote it, not to the next one in the browser', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { dbName, backend } = await seededDeskAs(demoAccount('dana@example.test'));
    const dana = renderApp(backend, '/requests/new');
    await user.type(await screen.findByLabelText('Subject'), 'My private matter');
    await user.type(screen.getByLabelText('Description'), 'Only for the support team.');
    await waitFor(() => expect(localStorage.getItem('persist:triage.drafts')).toContain('My private matter'));
    dana.unmount();

    // Luis signs in in another tab of the same browser.
    renderApp(await secondClient(dbName, demoAccount('luis@example.test')), '/requests/new');
    expect(await screen.findByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
    // Dana's draft is still kept for her.
    expect(localStorage.getItem('persist:triage.drafts')).toContain('My private matter');
  });

  it('keeps the new-request draft across a remount', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const backend = await signedInCustomer();
    const first = renderApp(backend, '/requests/new');

    await user.type(await screen.findByLabelText('Subject'), 'Half-written request');
    await user.type(screen.getByLabelText('Description'), 'Started typing, then the tab');
    await user.click(screen.getByLabelText('Urgent'));
    await user.click(await screen.findByLabelText('Billing'));
    // redux-persist writes to localStorage shortly after each change.
    await waitFor(() => expect(localStorage.getItem('persist:triage.drafts')).toContain('Billing'));
    first.unmount();

    renderApp(backend, '/requests/new');
    expect(await screen.findByLabelText('Subject')).toHaveValue('Half-written request');
    expect(screen.getByLabelText('Description')).toHaveValue('Started typing, then the tab');
    expect(await screen.findByLabelText('Urgent')).toBeChecked();
    expect(await screen.findByLabelText('Billing')).toBeChecked();
  });

  it('asks before sending without a refused file, naming it and why; Keep editing sends nothing', async () => {
    const user = userEvent.setup({
      delay: null,
      applyAccept: false,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    const { backend, next } = await customerAndNextNumber();
    const creates: CreateTicketInput[] = [];
    const watched: Backend = {
      ...backend,
      tickets: {
        ...backend.tickets,
        create: (input) => {
          creates.push(input);
          return backend.tickets.create(input);
        },
      },
    };
    const { router } = renderApp(watched, '/requests/new');
    await user.type(await screen.findByLabelText('Subject'), 'Invoice PDF attached');
    await user.type(screen.getByLabelText('Description'), 'See the invoice and the tool.');
    const input = screen.getByLabelText('Attach files');
    await user.upload(input, fakeFile('tool.exe', 'application/x-msdownload'));
    await user.upload(input, new File(['total 12 EUR'], 'invoice.txt', { type: 'text/plain' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('attachment-item').map((item) => item.getAttribute('data-state'))).toEqual([
        'refused',
        'done',
      ]),
    );

    await user.click(button(SEND));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Send without this file?').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('tool.exe')).toBeInTheDocument();
    expect(within(dialog).getByText(/This type of file cannot be attached/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(creates).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/requests/new');

    await user.click(button(SEND));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send without it' }));
    expect(await screen.findByText(`Request #${next} sent`)).toBeInTheDocument();
    expect(creates).toHaveLength(1);
    expect(creates[0]?.attachments?.map((file) => file.name)).toEqual(['invoice.txt']);
  });

  it('keeps an uploaded file of the draft across a reload and sends it; names a file that was still uploading', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend, next } = await customerAndNextNumber();
    // One upload never finishes, as when the page is closed while it runs.
    const slow: Backend = {
      ...backend,
      files: {
        ...backend.files,
        uploadAttachment: (ticketId, messageId, file, onProgress, signal) =>
          file.name === 'video.zip'
            ? new Promise<never>(() => undefined)
            : backend.files.uploadAttachment(ticketId, messageId, file, onProgress, signal),
      },
    };
    const first = renderApp(slow, '/requests/new');
    await user.type(await screen.findByLabelText('Subject'), 'Screenshots of the error');
    await user.type(screen.getByLabelText('Description'), 'Two files attached.');
    const input = screen.getByLabelText('Attach files');
    await user.upload(input, new File(['error 500'], 'error.txt', { type: 'text/plain' }));
    await waitFor(() => expect(screen.getByTestId('attachment-item')).toHaveAttribute('data-state', 'done'));
    await user.upload(input, new File(['zip'], 'video.zip', { type: 'application/zip' }));
    const stored = () => localStorage.getItem('persist:triage.drafts') ?? '';
    await waitFor(() => expect(stored()).toMatch(/attachments\\":\[\{[^\]]*error\.txt/));
    await waitFor(() => expect(stored()).toMatch(/unfinished\\":\[\\"video\.zip/));
    first.unmount();

    // A reload: a new store from what was persisted.
    const { router } = renderApp(backend, '/requests/new');
    expect(await screen.findByLabelText('Subject')).toHaveValue('Screenshots of the error');
    const items = await screen.findAllByTestId('attachment-item');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveAttribute('data-state', 'done');
    expect(items[0]).toHaveTextContent('error.txt');
    expect(screen.getByText('One file was not kept with your draft')).toBeInTheDocument();
    expect(screen.getByText(/video\.zip had not finished uploading/)).toBeInTheDocument();

    await user.click(button(SEND));
    expect(await screen.findByText(`Request #${next} sent`)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/requests\/[A-Za-z0-9_-]+$/));
    expect(await within(await screen.findByTestId('conversation')).findByText('error.txt')).toBeInTheDocument();
  });
});
