/**
 * Automations (`/admin/automations`, DESIGN §10 "Triggers") on the seeded local backend: the
 * triggers listed in their order with their rule in a line, one moved up from the keyboard; a new
 * trigger refused with the domain's reason (in Spanish too) keeping what was typed, then saved;
 * and "Test this rule" on a ticket picked by its number and over the last 30 days, writing nothing.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Backend } from '@/backend/port/backend';
import { PREVIEW_WINDOW_DAYS } from '@/domain/plans/trigger-preview';
import { inTriggerOrder, type Trigger, type TriggerInput } from '@/domain/triggers';
import { localeChanged } from '@/features/preferences/slice/preferences-slice';
import { demoAccount, firstValue, seededDeskAs, storedTickets, storedUsers } from '../../../../support/local-backend';
import { renderApp } from '../../../../support/render-app';

beforeEach(() => localStorage.clear());

const user = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The stored triggers in order, once they satisfy `accept`. */
const storedTriggers = (backend: Backend, accept: (triggers: Trigger[]) => boolean) =>
  new Promise<Trigger[]>((resolve, reject) => {
    const stop = backend.settings.watchTriggers((triggers) => {
      if (!accept(triggers)) return;
      queueMicrotask(stop);
      resolve(inTriggerOrder(triggers));
    }, reject);
  });

/** A trigger on new tickets: the subject contains `word`, and it sets the priority. */
function trigger(id: string, title: string, order: number, word: string): TriggerInput {
  return {
    id,
    title,
    active: true,
    order,
    on: ['created'],
    all: [{ property: 'subject', operator: 'contains', value: word }],
    any: [],
    actions: { priority: 'urgent', addTags: ['hardware'] },
  };
}

/** The titles of the listed triggers, top to bottom. */
const listedTitles = () =>
  within(screen.getByRole('list', { name: 'Triggers' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-trigger-id'));

describe('automations', () => {
  it('lists the triggers in order with their rule in a line, and moves one up from the keyboard', async () => {
    const { backend } = await seededDeskAs(demoAccount('admin'));
    await backend.settings.saveTrigger(trigger('printers', 'Printers are urgent', 0, 'printer'));
    await backend.settings.saveTrigger({ ...trigger('refunds', 'Refunds', 1, 'refund'), active: false });
    await backend.settings.saveTrigger(trigger('outage', 'Outages', 2, 'outage'));
    renderApp(backend, '/admin/automations');

    await waitFor(() => expect(listedTitles()).toEqual(['printers', 'refunds', 'outage']));
    const list = screen.getByRole('list', { name: 'Triggers' });
    expect(within(list).getByText('Subject contains “printer” → Urgent priority · Tags +hardware')).toBeInTheDocument();
    expect(within(list).getByRole('switch', { name: 'Active: Refunds' })).not.toBeChecked();
    expect(within(list).getByRole('switch', { name: 'Active: Outages' })).toBeChecked();
    expect(screen.getByText('3 triggers of at most 200.')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Move Printers are urgent up' })).toBeDisabled();

    // From the keyboard: the button is focusable and Enter moves the trigger.
    const up = within(list).getByRole('button', { name: 'Move Outages up' });
    act(() => up.focus());
    await user().keyboard('{Enter}');
    const moved = await storedTriggers(
      backend,
      (triggers) =>
        inTriggerOrder(triggers)
          .map((each) => each.id)
          .join() === 'printers,outage,refunds',
    );
    expect(moved.map((each) => each.order)).toEqual([0, 1, 2]);
    await waitFor(() => expect(listedTitles()).toEqual(['printers', 'outage', 'refunds']));
  });

  it('refuses a trigger with the domain’s reason, keeping what was typed, then saves it', async () => {
    const u = user();
    const { backend } = await seededDeskAs(demoAccount('admin'));
    renderApp(backend, '/admin/automations');
    const add = await screen.findByRole('button', { name: /New trigger/ });
    await waitFor(() => expect(add).toBeEnabled());
    expect(screen.getByText(/No triggers yet/)).toBeInTheDocument();
    await u.click(add);
    const form = screen.getByRole('form', { name: 'New trigger' });
    await u.type(within(form).getByRole('textbox', { name: 'Title' }), 'VIP first');

    // No condition: refused, with the reason, beside the form; the title stays.
    await u.click(within(form).getByRole('button', { name: 'Save trigger' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A trigger needs at least one condition: without one it would act on every ticket.',
    );
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue('VIP first');

    const all = within(form).getByRole('group', { name: 'When all of these hold' });
    await u.click(within(all).getByRole('button', { name: /Add a condition/ }));
    await u.selectOptions(within(all).getByRole('combobox', { name: 'Condition 1: what it tests' }), 'tags');
    expect(within(all).getByRole('combobox', { name: 'Condition 1: test' })).toHaveValue('includes');
    await u.type(within(all).getByRole('textbox', { name: 'Condition 1: value' }), 'vip');
    await u.click(within(form).getByRole('checkbox', { name: 'Updates to a ticket' }));

    // Still no action: refused again, and the condition typed is still there.
    await u.click(within(form).getByRole('button', { name: 'Save trigger' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('A trigger needs at least one action.'),
    );
    expect(within(all).getByRole('textbox', { name: 'Condition 1: value' })).toHaveValue('vip');

    await u.selectOptions(within(form).getByRole('combobox', { name: 'Priority' }), 'high');
    await u.selectOptions(within(form).getByRole('combobox', { name: 'Assignee' }), 'Priya Shah');
    await u.click(within(form).getByRole('button', { name: 'Save trigger' }));

    const [saved] = await storedTriggers(backend, (triggers) => triggers.length === 1);
    expect(saved).toMatchObject({
      title: 'VIP first',
      active: true,
      order: 0,
      on: ['created', 'updated'],
      all: [{ property: 'tags', operator: 'includes', value: 'vip' }],
      any: [],
      actions: { priority: 'high', assignee: { kind: 'agent' } },
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New trigger' })).not.toBeInTheDocument());
    expect(
      await within(screen.getByRole('list', { name: 'Triggers' })).findByText(
        'Tags include “vip” → High priority · Assign to Priya Shah',
      ),
    ).toBeInTheDocument();
  });

  it('gives tickets round-robin over the agents chosen, refusing a cap that is not a whole number', async () => {
    const u = user();
    const { backend, dbName } = await seededDeskAs(demoAccount('admin'));
    renderApp(backend, '/admin/automations');
    const add = await screen.findByRole('button', { name: /New trigger/ });
    await waitFor(() => expect(add).toBeEnabled());
    await u.click(add);
    const form = screen.getByRole('form', { name: 'New trigger' });
    await u.type(within(form).getByRole('textbox', { name: 'Title' }), 'Urgent round-robin');
    const all = within(form).getByRole('group', { name: 'When all of these hold' });
    await u.click(within(all).getByRole('button', { name: /Add a condition/ }));
    await u.selectOptions(within(all).getByRole('combobox', { name: 'Condition 1: what it tests' }), 'priority');
    await u.selectOptions(within(all).getByRole('combobox', { name: 'Condition 1: value' }), 'urgent');
    await u.selectOptions(within(form).getByRole('combobox', { name: 'Assignee' }), 'Round-robin among agents…');

    const set = within(form).getByRole('group', { name: /the next available agent of these/ });
    await u.click(within(set).getByRole('checkbox', { name: 'Sam Okafor' }));
    await u.click(within(set).getByRole('checkbox', { name: 'Priya Shah' }));
    const cap = within(form).getByRole('textbox', { name: /Skip an agent who already holds/ });
    await u.clear(cap);
    await u.type(cap, '2.5');
    await u.click(within(form).getByRole('button', { name: 'Save trigger' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The cap is a whole number of tickets.');
    expect(cap).toHaveValue('2.5');
    await u.clear(cap);
    await u.type(cap, 'lots');
    await u.click(within(form).getByRole('button', { name: 'Save trigger' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('The cap is a whole number of tickets.'),
    );
    await u.clear(cap);
    await u.type(cap, '5');
    await u.click(within(form).getByRole('button', { name: 'Save trigger' }));

    const [saved] = await storedTriggers(backend, (triggers) => triggers.length === 1);
    // The rota's order is the order they were chosen in.
    const uidOf = new Map((await storedUsers(dbName)).map((person) => [person.email, person.uid]));
    expect(saved?.actions.assignee).toEqual({
      kind: 'roundRobin',
      agents: [uidOf.get('sam@triage.test'), uidOf.get('priya@triage.test')],
      cap: 5,
    });
    expect(
      await within(screen.getByRole('list', { name: 'Triggers' })).findByText(
        'Priority is Urgent → Round-robin to Sam Okafor and Priya Shah (at most 5 unsolved each)',
      ),
    ).toBeInTheDocument();
  });

  it('sends emails from a template: names an unknown placeholder as it is typed, refuses it, keeps the text, then saves', async () => {
    const u = user();
    const { backend } = await seededDeskAs(demoAccount('admin'));
    renderApp(backend, '/admin/automations');
    const add = await screen.findByRole('button', { name: /New trigger/ });
    await waitFor(() => expect(add).toBeEnabled());
    await u.click(add);
    const form = screen.getByRole('form', { name: 'New trigger' });
    await u.type(within(form).getByRole('textbox', { name: 'Title' }), 'Tell ops');
    const all = within(form).getByRole('group', { name: 'When all of these hold' });
    await u.click(within(all).getByRole('button', { name: /Add a condition/ }));
    await u.selectOptions(within(all).getByRole('combobox', { name: 'Condition 1: what it tests' }), 'priority');
    await u.selectOptions(within(all).getByRole('combobox', { name: 'Condition 1: value' }), 'urgent');

    await u.click(within(form).getByRole('button', { name: 'Add an email' }));
    const email = within(form).getByRole('region', { name: 'Email 1' });
    await u.selectOptions(within(email).getByRole('combobox', { name: 'Send to' }), 'This address…');
    await u.type(within(email).getByRole('textbox', { name: 'Address' }), 'Ops@Example.com');
    await u.click(within(email).getByRole('textbox', { name: /^Subject/ }));
    await u.paste('Urgent: #{{ticket.number}}');
    const body = within(email).getByRole('textbox', { name: /^Text/ });
    await u.click(body);
    await u.paste('{{requester.name}} needs {{agent.name}}');
    expect(within(email).getByRole('status')).toHaveTextContent('Triage does not know {{agent.name}}');
    await u.click(within(form).getByRole('button', { name: 'Save trigger' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('placeholder Triage does not know');
    expect(body).toHaveValue('{{requester.name}} needs {{agent.name}}');

    await u.clear(body);
    await u.click(body);
    await u.paste('{{requester.name}} needs help: {{ticket.link}}');
    expect(within(email).queryByRole('status')).toBeNull();
    await u.click(within(form).getByRole('button', { name: 'Save trigger' }));
    const [saved] = await storedTriggers(backend, (triggers) => triggers.length === 1);
    expect(saved?.actions.emails).toEqual([
      {
        to: 'address',
        address: 'ops@example.com',
        subject: 'Urgent: #{{ticket.number}}',
        body: '{{requester.name}} needs help: {{ticket.link}}',
      },
    ]);
    expect(
      await within(screen.getByRole('list', { name: 'Triggers' })).findByText(
        'Priority is Urgent → Email ops@example.com',
      ),
    ).toBeInTheDocument();
  });

  it('says that a trigger sets a field archived since, and takes the value out so it saves', async () => {
    const u = user();
    const { backend } = await seededDeskAs(demoAccount('admin'));
    await backend.settings.saveTrigger({
      ...trigger('by-product', 'Web app tickets', 0, 'login'),
      actions: { priority: 'high', fields: { product: 'web_app' } },
    });
    const fields = await firstValue(backend.settings.watchFields.bind(backend.settings));
    await backend.settings.saveFields(
      fields.map((field) => (field.key === 'product' ? { ...field, archived: true } : field)),
    );
    renderApp(backend, '/admin/automations');
    await u.click(await screen.findByRole('button', { name: 'Edit Web app tickets' }));
    const form = screen.getByRole('form', { name: 'Edit “Web app tickets”' });
    const warning = await within(form).findByText(/“Product” has been archived/);
    await u.click(within(form).getByRole('button', { name: 'Stop setting Product' }));
    expect(warning).not.toBeInTheDocument();
    await u.click(within(form).getByRole('button', { name: 'Save trigger' }));
    const [saved] = await storedTriggers(backend, (triggers) => triggers.some((each) => !each.actions.fields));
    expect(saved?.actions).toEqual({ priority: 'high' });
  });

  it('says the schema’s refusal in Spanish', async () => {
    const u = user();
    const { backend } = await seededDeskAs(demoAccount('admin'));
    const { store } = renderApp(backend, '/admin/automations');
    act(() => {
      store.dispatch(localeChanged('es'));
    });
    const add = await screen.findByRole('button', { name: /Nuevo disparador/ });
    await waitFor(() => expect(add).toBeEnabled());
    await u.click(add);
    const form = screen.getByRole('form', { name: 'Nuevo disparador' });
    await u.click(within(form).getByRole('button', { name: 'Guardar disparador' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Ponle un título al disparador.');
  });

  it('tests the rule being edited on a ticket picked by its number, and over the last 30 days, writing nothing', async () => {
    const u = user();
    const { backend, dbName } = await seededDeskAs(demoAccount('admin'));
    const before = await storedTickets(dbName);
    // An open ticket of the seed (a closed one refuses every change).
    const first = before.find((ticket) => ticket.status === 'open');
    if (!first) throw new Error('the seed has no open ticket');
    const word = (first.subject.match(/[A-Za-z]{4,}/)?.[0] ?? '').toLowerCase();
    const newPriority = first.priority === 'low' ? 'high' : 'low';
    renderApp(backend, '/admin/automations');
    const add = await screen.findByRole('button', { name: /New trigger/ });
    await waitFor(() => expect(add).toBeEnabled());
    await u.click(add);
    const form = screen.getByRole('form', { name: 'New trigger' });
    const all = within(form).getByRole('group', { name: 'When all of these hold' });
    await u.click(within(all).getByRole('button', { name: /Add a condition/ }));
    await u.type(within(all).getByRole('textbox', { name: 'Condition 1: value' }), word);
    await u.selectOptions(within(form).getByRole('combobox', { name: 'Priority' }), newPriority);

    const test = screen.getByRole('region', { name: 'Test this rule' });
    await u.type(within(test).getByRole('textbox', { name: 'Ticket number or id' }), `#${first.number}`);
    await u.click(within(test).getByRole('button', { name: 'Test on this ticket' }));
    const result = await within(test).findByTestId('trigger-test-result');
    expect(result).toHaveTextContent(`#${first.number} ${first.subject}`);
    expect(result).toHaveTextContent('It would act on this ticket.');
    expect(result).toHaveTextContent(`Subject contains “${word}”`);
    expect(result).toHaveTextContent(`This ticket: “${first.subject}”`);
    expect(within(result).getByRole('img', { name: 'Holds' })).toBeInTheDocument();
    const label = (priority: string) => priority.charAt(0).toUpperCase() + priority.slice(1);
    expect(result).toHaveTextContent(`Priority: ${label(first.priority)} → ${label(newPriority)}`);

    // The result follows the rule as it is edited.
    await u.clear(within(all).getByRole('textbox', { name: 'Condition 1: value' }));
    await u.type(within(all).getByRole('textbox', { name: 'Condition 1: value' }), 'zzzz');
    await waitFor(() => expect(result).toHaveTextContent('It would not act: its conditions do not hold.'));
    expect(within(result).getByRole('img', { name: 'Does not hold' })).toBeInTheDocument();

    // A number no ticket has.
    await u.clear(within(test).getByRole('textbox', { name: 'Ticket number or id' }));
    await u.type(within(test).getByRole('textbox', { name: 'Ticket number or id' }), '9999');
    await u.click(within(test).getByRole('button', { name: 'Test on this ticket' }));
    expect(await within(test).findByText('There is no ticket “9999”.')).toBeInTheDocument();

    // The last 30 days: how many tickets created since then the conditions hold on.
    await u.clear(within(all).getByRole('textbox', { name: 'Condition 1: value' }));
    await u.type(within(all).getByRole('textbox', { name: 'Condition 1: value' }), word);
    await u.click(within(test).getByRole('button', { name: 'Count the matches' }));
    const since = new Date(Date.now() - PREVIEW_WINDOW_DAYS * 86_400_000).toISOString();
    const recent = before.filter((ticket) => ticket.createdAt >= since);
    const matching = recent.filter((ticket) => ticket.subject.toLowerCase().includes(word));
    const count = await within(test).findByTestId('trigger-test-count');
    const tickets = (n: number) => `${n} ticket${n === 1 ? '' : 's'}`;
    expect(count).toHaveTextContent(
      `Its conditions hold on ${tickets(matching.length)} of the ${tickets(recent.length)} created in the last 30 days.`,
    );
    expect(within(test).getByText(`#${first.number} ${first.subject}`, { selector: 'li' })).toBeInTheDocument();

    // Nothing was written: no trigger, and the ticket as it was.
    expect(await firstValue<Trigger[]>((onNext, onError) => backend.settings.watchTriggers(onNext, onError))).toEqual(
      [],
    );
    expect((await storedTickets(dbName)).find((ticket) => ticket.id === first.id)).toEqual(first);
  });
});
