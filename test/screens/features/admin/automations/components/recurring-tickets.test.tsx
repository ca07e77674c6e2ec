/**
 * Recurring tickets on the automations screen (`/admin/automations`, DESIGN §10 "Recurring
 * tickets") on the seeded local backend: each listed with its schedule in words and its next
 * occurrence on the desk's clock; an admin adds a weekly one, saved as typed with themselves as
 * the requester; a bad time or subject is refused at its field with the schema's sentence (in
 * Spanish too), keeping what was typed; and one is deleted after a confirmation.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Backend } from '@/backend/port/backend';
import { nextOccurrence, type RecurringTicket, type RecurringTicketInput } from '@/domain/recurring-tickets';
import type { DeskSettings } from '@/domain/types';
import { localeChanged } from '@/features/preferences/slice/preferences-slice';
import { demoAccount, firstValue, seededDeskAs } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

beforeEach(() => localStorage.clear());

const user = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The stored recurring tickets, once they satisfy `accept`. */
const storedRecurring = (backend: Backend, accept: (recurring: RecurringTicket[]) => boolean) =>
  new Promise<RecurringTicket[]>((resolve, reject) => {
    const stop = backend.settings.watchRecurringTickets((recurring) => {
      if (!accept(recurring)) return;
      queueMicrotask(stop);
      resolve(recurring);
    }, reject);
  });

/** A recurring ticket at 08:30 on `schedule`, with a subject and a description. */
function recurring(id: string, title: string, schedule: RecurringTicketInput['schedule']): RecurringTicketInput {
  return {
    id,
    title,
    active: true,
    schedule,
    subject: `${title} for {{date}}`,
    description: 'Check it and note what you find.',
    priority: 'normal',
    tags: [],
  };
}

/** The recurring tickets stored now (the demo desk has one of its own). */
const current = (backend: Backend) =>
  firstValue<RecurringTicket[]>((onNext, onError) => backend.settings.watchRecurringTickets(onNext, onError));

/** The list of recurring tickets. */
const list = () => screen.getByRole('list', { name: 'Recurring tickets' });

/** Opens a new recurring ticket's form, once the list has loaded. */
async function openNewForm(u: ReturnType<typeof user>): Promise<HTMLElement> {
  const add = await screen.findByRole('button', { name: /Add recurring ticket/ });
  await waitFor(() => expect(add).toBeEnabled());
  await u.click(add);
  return screen.getByRole('form', { name: 'New recurring ticket' });
}

describe('recurring tickets', () => {
  it('lists each with its schedule in words and its next occurrence on the desk’s clock', async () => {
    const { backend } = await seededDeskAs(demoAccount('admin'));
    const seeded = await current(backend);
    const settings = await firstValue<DeskSettings>((onNext, onError) => backend.settings.watch(onNext, onError));
    const timeZone = 'America/New_York';
    await backend.settings.save({ ...settings, businessHours: { ...settings.businessHours, timeZone } });
    const monthly = recurring('month-end', 'Month-end report', { frequency: 'monthly', time: '08:30', dayOfMonth: 31 });
    await backend.settings.saveRecurringTicket(monthly);
    await backend.settings.saveRecurringTicket({
      ...recurring('standup', 'Daily standup notes', { frequency: 'daily', time: '17:05' }),
      active: false,
      category: 'Billing',
    });
    renderApp(backend, '/admin/automations');

    const shown = await screen.findByRole('list', { name: 'Recurring tickets' });
    const month = await within(shown).findByText('Month-end report');
    const monthRow = month.closest('li') as HTMLElement;
    expect(
      within(monthRow).getByText('Monthly on day 31 at 08:30 (the last day in shorter months)'),
    ).toBeInTheDocument();
    expect(monthRow).toHaveTextContent('“Month-end report for {{date}}” · Normal priority');
    const next = nextOccurrence(monthly.schedule, Date.now(), timeZone);
    const when = new Intl.DateTimeFormat('en', {
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(next);
    await waitFor(() => expect(monthRow).toHaveTextContent(`Next: ${when} (${timeZone})`));
    expect(within(monthRow).getByRole('switch', { name: 'Active: Month-end report' })).toBeChecked();

    // An inactive one says so, and has no next occurrence.
    const dailyRow = within(list()).getByText('Daily standup notes').closest('li') as HTMLElement;
    expect(within(dailyRow).getByText('Every day at 17:05')).toBeInTheDocument();
    expect(within(dailyRow).getByText('Off')).toBeInTheDocument();
    expect(dailyRow).toHaveTextContent('“Daily standup notes for {{date}}” · Normal priority · Billing');
    expect(dailyRow).not.toHaveTextContent('Next:');
    expect(within(dailyRow).getByRole('switch', { name: 'Active: Daily standup notes' })).not.toBeChecked();
    expect(screen.getByText(`${seeded.length + 2} recurring tickets of at most 50.`)).toBeInTheDocument();
  });

  it('adds a weekly recurring ticket, with the admin who saved it as its requester', async () => {
    const u = user();
    const { backend, me } = await seededDeskAs(demoAccount('admin'));
    for (const seeded of await current(backend)) await backend.settings.deleteRecurringTicket(seeded.id);
    renderApp(backend, '/admin/automations');
    expect(await screen.findByText(/No recurring tickets yet/)).toBeInTheDocument();
    const form = await openNewForm(u);

    await u.type(within(form).getByRole('textbox', { name: 'Name' }), 'Backup check');
    expect(within(form).getByRole('combobox', { name: 'Repeats' })).toHaveValue('weekly');
    // Only the day its frequency uses is asked for.
    expect(within(form).queryByRole('combobox', { name: 'Day of the month' })).toBeNull();
    await u.selectOptions(within(form).getByRole('combobox', { name: 'Day of the week' }), 'Friday');
    const time = within(form).getByRole('textbox', { name: 'Time (HH:mm)' });
    await u.clear(time);
    await u.type(time, '16:45');
    const subject = within(form).getByRole('textbox', { name: 'Subject' });
    await u.click(subject);
    await u.paste('Backup check {{date}}');
    await u.type(within(form).getByRole('textbox', { name: 'Description' }), 'Confirm last night’s backups ran.');
    await u.selectOptions(within(form).getByRole('combobox', { name: 'Priority' }), 'High');
    await u.selectOptions(within(form).getByRole('combobox', { name: 'Category (optional)' }), 'Billing');
    await u.click(within(form).getByRole('button', { name: 'Save recurring ticket' }));

    const [saved] = await storedRecurring(backend, (all) => all.length === 1);
    expect(saved).toMatchObject({
      title: 'Backup check',
      active: true,
      schedule: { frequency: 'weekly', time: '16:45', weekday: 'fri' },
      subject: 'Backup check {{date}}',
      description: 'Confirm last night’s backups ran.',
      priority: 'high',
      category: 'Billing',
      tags: [],
      updatedBy: me.uid,
    });
    expect(saved?.schedule).not.toHaveProperty('dayOfMonth');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New recurring ticket' })).not.toBeInTheDocument());
    const row = (await within(list()).findByText('Backup check')).closest('li') as HTMLElement;
    expect(within(row).getByText('Every Friday at 16:45')).toBeInTheDocument();
    expect(row).toHaveTextContent(/Next: .+ \(UTC\)/);
  });

  it('refuses a bad time and subject at their fields with the schema’s sentences, keeping what was typed', async () => {
    const u = user();
    const { backend } = await seededDeskAs(demoAccount('admin'));
    const seeded = await current(backend);
    renderApp(backend, '/admin/automations');
    const form = await openNewForm(u);
    await u.type(within(form).getByRole('textbox', { name: 'Name' }), 'Printer toner');
    const time = within(form).getByRole('textbox', { name: 'Time (HH:mm)' });
    await u.clear(time);
    await u.type(time, '25:00');
    const subject = within(form).getByRole('textbox', { name: 'Subject' });
    await u.type(subject, 'ab');
    await u.type(within(form).getByRole('textbox', { name: 'Description' }), 'Order toner if low.');
    await u.click(within(form).getByRole('button', { name: 'Save recurring ticket' }));

    expect(await within(form).findByText('Give the time as hours and minutes, 00:00 to 23:59.')).toBeInTheDocument();
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(time).toHaveAccessibleDescription(/Give the time as hours and minutes, 00:00 to 23:59\./);
    expect(within(form).getByText('The subject needs at least 3 characters.')).toBeInTheDocument();
    expect(subject).toHaveAccessibleDescription(/The subject needs at least 3 characters\./);
    expect(time).toHaveValue('25:00');
    expect(subject).toHaveValue('ab');
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Printer toner');
    await waitFor(() => expect(time).toHaveFocus());

    // A placeholder other than {{date}}: the schema's sentence, and still the text as typed.
    await u.clear(time);
    await u.type(time, '9:15');
    await u.clear(subject);
    await u.click(subject);
    await u.paste('Toner for #{{ticket.number}}');
    await u.click(within(form).getByRole('button', { name: 'Save recurring ticket' }));
    expect(
      await within(form).findByText('A subject may hold the date’s placeholder and no other.'),
    ).toBeInTheDocument();
    expect(within(form).queryByText('Give the time as hours and minutes, 00:00 to 23:59.')).toBeNull();
    expect(subject).toHaveValue('Toner for #{{ticket.number}}');
    expect(await current(backend)).toEqual(seeded);

    // Fixed: saved, the hour of one digit as the schedule's "09:15".
    await u.clear(subject);
    await u.click(subject);
    await u.paste('Toner for {{date}}');
    await u.click(within(form).getByRole('button', { name: 'Save recurring ticket' }));
    const stored = await storedRecurring(backend, (all) => all.length === seeded.length + 1);
    const saved = stored.find((each) => each.title === 'Printer toner');
    expect(saved?.schedule).toEqual({ frequency: 'weekly', time: '09:15', weekday: 'mon' });
    expect(await within(list()).findByText('Every Monday at 09:15')).toBeInTheDocument();
  });

  it('says the schema’s refusal at its field in Spanish', async () => {
    const u = user();
    const { backend } = await seededDeskAs(demoAccount('admin'));
    const { store } = renderApp(backend, '/admin/automations');
    act(() => {
      store.dispatch(localeChanged('es'));
    });
    const add = await screen.findByRole('button', { name: /Añadir ticket recurrente/ });
    await waitFor(() => expect(add).toBeEnabled());
    await u.click(add);
    const form = screen.getByRole('form', { name: 'Nuevo ticket recurrente' });
    const time = within(form).getByRole('textbox', { name: 'Hora (HH:mm)' });
    await u.clear(time);
    await u.type(time, '7h');
    await u.click(within(form).getByRole('button', { name: 'Guardar ticket recurrente' }));
    expect(await within(form).findByText('Pon un nombre al ticket recurrente.')).toBeInTheDocument();
    expect(within(form).getByText('Indica la hora en horas y minutos, de 00:00 a 23:59.')).toBeInTheDocument();
    expect(within(form).getByText('El asunto necesita al menos 3 caracteres.')).toBeInTheDocument();
    expect(time).toHaveValue('7h');
  });

  it('deletes one after a confirmation', async () => {
    const u = user();
    const { backend } = await seededDeskAs(demoAccount('admin'));
    await backend.settings.saveRecurringTicket(
      recurring('weekly-review', 'Weekly review', { frequency: 'weekly', time: '10:00', weekday: 'wed' }),
    );
    await backend.settings.saveRecurringTicket(
      recurring('daily-check', 'Daily check', { frequency: 'daily', time: '07:00' }),
    );
    renderApp(backend, '/admin/automations');
    await u.click(await screen.findByRole('button', { name: 'Delete Weekly review' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Delete “Weekly review”? The tickets it created stay.');
    await u.click(within(confirm).getByRole('button', { name: 'Delete' }));

    const left = await storedRecurring(backend, (all) => !all.some((each) => each.id === 'weekly-review'));
    expect(left.map((each) => each.id)).toContain('daily-check');
    await waitFor(() => expect(within(list()).queryByText('Weekly review')).toBeNull());
    expect(within(list()).getByText('Daily check')).toBeInTheDocument();
  });
});
