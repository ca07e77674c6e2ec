/**
 * The agent's ticket screen on the seeded local backend (fake-indexeddb):
 * the side panel of the requester's other tickets, and image attachments previewed inline
 * while other files stay download links.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ticket } from '@/domain/types';
import { OTHER_TICKETS_SHOWN } from '@/features/tickets/workspace/components/requester-tickets';
import { demoAccount, seededDeskAs, storedTickets } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

jest.setTimeout(60_000);

const priya = demoAccount('priya@triage.test');

/** The seeded tickets grouped by requester, most tickets first. */
async function ticketsByRequester(dbName: string): Promise<Ticket[][]> {
  const groups = new Map<string, Ticket[]>();
  for (const ticket of await storedTickets(dbName)) {
    groups.set(ticket.requesterId, [...(groups.get(ticket.requesterId) ?? []), ticket]);
  }
  return [...groups.values()].sort((a, b) => b.length - a.length);
}

async function openAsPriya(ticket: Ticket, backend: Parameters<typeof renderApp>[0]) {
  const view = renderApp(backend, `/desk/tickets/${ticket.id}`);
  await screen.findByRole('heading', { name: `#${ticket.number} ${ticket.subject}` }, { timeout: 15_000 });
  return view;
}

function panel() {
  return within(screen.getByLabelText("Requester's other tickets"));
}

describe("ticket screen: the requester's other tickets", () => {
  it('lists the others, newest activity first, leaves this one out, and links to each', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend, dbName } = await seededDeskAs(priya);
    const [most] = await ticketsByRequester(dbName);
    if (!most || most.length < 3) throw new Error('the seed should give someone three tickets or more');
    // The most recently active one, so that it heads the list once we move to another.
    const [current, ...others] = [...most].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    if (!current) throw new Error('unreachable');
    const { router } = await openAsPriya(current, backend);

    const expected = [...others]
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id))
      .slice(0, OTHER_TICKETS_SHOWN);
    await waitFor(() => expect(panel().getAllByRole('listitem')).toHaveLength(expected.length), { timeout: 10_000 });
    const links = panel()
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/desk/tickets/'));
    expect(links.map((link) => link.textContent)).toEqual(expected.map((t) => `#${t.number} ${t.subject}`));
    expect(links.map((link) => link.getAttribute('href'))).not.toContain(`/desk/tickets/${current.id}`);
    await waitFor(() =>
      expect(screen.getByText(`Other tickets of ${current.requesterName} (${others.length})`)).toBeInTheDocument(),
    );
    expect(panel().getByRole('link', { name: 'Their unsolved tickets in the queue' })).toHaveAttribute(
      'href',
      `/desk?view=open&requester=${current.requesterId}`,
    );

    const next = expected[0];
    if (!next) throw new Error('unreachable');
    // Every state on the way: the first ticket's heading never stands under the next one's address.
    const seen: { path: string; heading: string }[] = [];
    const observer = new MutationObserver(() =>
      seen.push({ path: router.state.location.pathname, heading: document.querySelector('h1')?.textContent ?? '' }),
    );
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    await user.click(panel().getByRole('link', { name: `#${next.number} ${next.subject}` }));
    await screen.findByRole('heading', { name: `#${next.number} ${next.subject}` }, { timeout: 10_000 });
    observer.disconnect();
    expect(seen.some((state) => state.path === `/desk/tickets/${next.id}`)).toBe(true);
    expect(
      seen.filter(
        (state) => state.path === `/desk/tickets/${next.id}` && state.heading.startsWith(`#${current.number} `),
      ),
    ).toEqual([]);
    // Now the first ticket heads the others.
    await waitFor(() =>
      expect(panel().getAllByRole('listitem')[0]).toHaveTextContent(`#${current.number} ${current.subject}`),
    );
  });

  it('says so when the requester has no other ticket', async () => {
    const { backend } = await seededDeskAs(priya);
    const ticket = await backend.tickets.create({
      subject: 'Only one from me',
      description: 'A ticket Priya files for a first-time caller.',
      priority: 'normal',
    });
    // Priya is the requester here; she has filed no other ticket in the seed.
    await openAsPriya(ticket, backend);
    await waitFor(() => expect(panel().getByText('No other tickets from them.')).toBeInTheDocument(), {
      timeout: 10_000,
    });
  });
});

describe('ticket screen: attachments', () => {
  it('previews an image inline and offers other files as download links', async () => {
    const { backend, dbName } = await seededDeskAs(priya);
    const [group] = await ticketsByRequester(dbName);
    const ticket = group?.find((candidate) => candidate.status !== 'closed');
    if (!ticket) throw new Error('no open seeded ticket');
    const messageId = 'msg-with-files';
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const files = [
      { name: 'screenshot.png', contentType: 'image/png', data: new Blob([png], { type: 'image/png' }) },
      { name: 'log.txt', contentType: 'text/plain', data: new Blob(['error 42'], { type: 'text/plain' }) },
    ];
    const attachments = [];
    for (const file of files) {
      const path = await backend.files.uploadAttachment(ticket.id, messageId, { ...file, size: file.data.size });
      attachments.push({ path, name: file.name, size: file.data.size, contentType: file.contentType });
    }
    await backend.messages.add(ticket.id, { id: messageId, body: 'Here is what I see.', internal: false, attachments });

    await openAsPriya(ticket, backend);
    const images = within(await screen.findByRole('list', { name: 'Images' }, { timeout: 10_000 }));
    const image = await images.findByRole('img', { name: 'screenshot.png' }, { timeout: 10_000 });
    expect(image.getAttribute('src')).toMatch(/^(blob:|data:image\/png)/);
    expect(images.getByRole('link', { name: 'screenshot.png' })).toBeInTheDocument();
    const others = within(screen.getByRole('list', { name: 'Attachments' }));
    expect(others.getByRole('link', { name: 'log.txt' })).toBeInTheDocument();
    expect(others.queryByRole('img')).not.toBeInTheDocument();
  });
});
