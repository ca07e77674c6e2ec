/**
 * Ticket fields (`/admin/fields`, DESIGN §3 "Custom fields") on the seeded local backend (whose
 * demo desk has three fields): an admin adds a dropdown field with options (its key proposed from the English label), a refused
 * definition says why and keeps what was typed, and archiving keeps the field in the list; a number
 * or date field customers see takes a sort slot, a third is refused, and archiving frees one.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Backend } from '@/backend/port/backend';
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import { demoAccount, seededDeskAs } from '../../../../support/local-backend';
import { renderApp } from '../../../../support/render-app';

beforeEach(() => localStorage.clear());

/** The stored definitions, once they satisfy `accept`. */
const storedFields = (backend: Backend, accept: (fields: CustomFieldDefinition[]) => boolean) =>
  new Promise<CustomFieldDefinition[]>((resolve, reject) => {
    const stop = backend.settings.watchFields((fields) => {
      if (!accept(fields)) return;
      queueMicrotask(stop);
      resolve(fields);
    }, reject);
  });

describe('ticket fields', () => {
  it('adds a dropdown with options, refuses a bad one keeping what was typed, and archives', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend } = await seededDeskAs(demoAccount('admin'));
    renderApp(backend, '/admin/fields');
    const add = await screen.findByRole('button', { name: /New field/ });
    // Enabled once the stored definitions (none here) have loaded.
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    const form = screen.getByRole('form', { name: 'New field' });
    await user.type(within(form).getByRole('textbox', { name: 'Label (English)' }), 'Product line');
    await user.type(within(form).getByRole('textbox', { name: 'Label (Español)' }), 'Línea de producto');
    // The key follows the English label while the admin has not typed one.
    expect(within(form).getByRole('textbox', { name: /^Key/ })).toHaveValue('product_line');
    await user.click(within(form).getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByTitle('Dropdown'));

    // A dropdown without options is refused, with the reason, and nothing typed is lost.
    await user.click(within(form).getByRole('button', { name: 'Save field' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('“Product line” needs at least one option.');
    expect(within(form).getByRole('textbox', { name: 'Label (Español)' })).toHaveValue('Línea de producto');

    await user.click(within(form).getByRole('button', { name: /Add option/ }));
    await user.type(within(form).getByRole('textbox', { name: 'Option 1 (English)' }), 'Kettles');
    await user.click(within(form).getByRole('button', { name: /Add option/ }));
    await user.type(within(form).getByRole('textbox', { name: 'Option 2 (English)' }), 'Toasters');
    await user.click(within(form).getByRole('checkbox', { name: 'Required to solve a ticket' }));
    await user.click(within(form).getByRole('button', { name: 'Save field' }));

    const stored = await storedFields(backend, (fields) => fields.some((field) => field.key === 'product_line'));
    // Added after the demo desk's own fields.
    expect(stored.map((field) => field.key)).toEqual(['order_number', 'product', 'plan', 'seats', 'product_line']);
    expect(stored.at(-1)).toMatchObject({
      key: 'product_line',
      type: 'dropdown',
      label: { en: 'Product line', es: 'Línea de producto' },
      visibleTo: 'agents',
      requiredToSolve: true,
      archived: false,
      options: [
        { id: 'kettles', label: { en: 'Kettles' }, archived: false },
        { id: 'toasters', label: { en: 'Toasters' }, archived: false },
      ],
    });
    const list = screen.getByRole('list', { name: 'Ticket fields' });
    const row = () => {
      const item = list.querySelector<HTMLElement>('[data-field-key="product_line"]');
      if (!item) throw new Error('no row for product_line');
      return item;
    };
    await waitFor(() => expect(within(row()).getByText('Product line')).toBeInTheDocument());
    expect(within(row()).getByText('Required to solve')).toBeInTheDocument();

    // Archived, never deleted: it stays in the list, marked.
    await user.click(within(list).getByRole('button', { name: 'Archive Product line' }));
    await storedFields(backend, (fields) => fields.at(-1)?.archived === true);
    expect(await within(row()).findByText('Archived')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Restore Product line' })).toBeInTheDocument();
  });

  it('gives a date field customers see a sort slot, refuses a third, and frees the slot on archive', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend } = await seededDeskAs(demoAccount('admin'));
    const stored = await storedFields(backend, () => true);
    const base = { visibleTo: 'customers', filledBy: 'customers', requiredOnSubmit: false } as const;
    // The demo's "Seats" holds slot a; "Renewal" takes slot b.
    expect(stored.find((field) => field.key === 'seats')).toMatchObject({ sortSlot: 'a' });
    await backend.settings.saveFields([
      ...stored,
      {
        ...base,
        key: 'renewal',
        type: 'date',
        label: { en: 'Renewal' },
        requiredToSolve: false,
        archived: false,
        sortSlot: 'b',
      },
    ]);
    renderApp(backend, '/admin/fields');
    const add = await screen.findByRole('button', { name: /New field/ });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    const form = screen.getByRole('form', { name: 'New field' });
    await user.type(within(form).getByRole('textbox', { name: 'Label (English)' }), 'Due date');
    await user.click(within(form).getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByTitle('Date'));
    const sortable = () => within(form).getByRole('checkbox', { name: /The queue can be sorted by it/ });
    // Only a field customers see can sort the queue.
    expect(sortable()).toBeDisabled();
    await user.click(within(form).getByRole('radio', { name: /Customers too/ }));
    await user.click(sortable());
    // Both slots are taken: refused with the reason, nothing typed lost.
    await user.click(within(form).getByRole('button', { name: 'Save field' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'At most 2 fields sort the queue, each in its own slot.',
    );
    expect(within(form).getByRole('textbox', { name: 'Label (English)' })).toHaveValue('Due date');

    // Archiving "Seats" frees its slot; a new sortable field then takes it.
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    const list = screen.getByRole('list', { name: 'Ticket fields' });
    await user.click(within(list).getByRole('button', { name: 'Archive Seats' }));
    await storedFields(backend, (fields) => fields.some((field) => field.key === 'seats' && field.archived));
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    const again = screen.getByRole('form', { name: 'New field' });
    await user.type(within(again).getByRole('textbox', { name: 'Label (English)' }), 'Due date');
    await user.click(within(again).getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByTitle('Date'));
    await user.click(within(again).getByRole('radio', { name: /Customers too/ }));
    await user.click(within(again).getByRole('checkbox', { name: /The queue can be sorted by it/ }));
    await user.click(within(again).getByRole('button', { name: 'Save field' }));
    const saved = await storedFields(backend, (fields) => fields.some((field) => field.key === 'due_date'));
    expect(saved.find((field) => field.key === 'due_date')).toMatchObject({ type: 'date', sortSlot: 'a' });
    expect(saved.find((field) => field.key === 'seats')).not.toHaveProperty('sortSlot');
    await waitFor(() => {
      const row = list.querySelector<HTMLElement>('[data-field-key="due_date"]');
      expect(row && within(row).getByText('Sorts the queue')).toBeInTheDocument();
    });
  });
});
