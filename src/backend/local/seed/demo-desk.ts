/**
 * First-run demo data for local mode (DESIGN §1, §5): the people of `demo-accounts.ts`, desk
 * settings, the tickets of `scenarios.ts` with their conversations and audit trails, spread
 * over the last weeks, and 90 days of solved and closed history with ratings (`history.ts`)
 * for the reports. Every status change goes through the lifecycle table, so the seeded desk is
 * one the app itself could have produced.
 */
import {
  type AuditEvent,
  type IsoDateTime,
  type Message,
  type Ticket,
  type TicketStatus,
  type UserProfile,
} from '@/domain/types';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';
import { isStaff } from '@/domain/roles';
import type { LifecycleEvent } from '@/domain/lifecycle';
import { isoAt } from '@/backend/local/core/context';
import {
  SEARCH_KEYS,
  AGENT_FIELD_KEYS,
  type CounterRecord,
  type CredentialRecord,
  type AgentFieldsRecord,
  type CustomFieldsRecord,
  type MacroRecord,
  type SettingsRecord,
  type TriggerRecord,
  type RecurringTicketRecord,
  type TriageDb,
  ticketWriteTables,
} from '@/backend/local/core/db';
import { agentFieldSearchKeys, conversationWordsByTicket, searchKeysFor } from '@/domain/search-keys';
import type { CustomFieldDefinition, CustomFieldValues } from '@/domain/custom-fields';
import { DEMO_ACCOUNTS } from '@/backend/local/seed/demo-accounts';
import { newId, newSortableId } from '@/backend/local/core/ids';
import { hashPassword, type PasswordHash } from '@/backend/local/auth/passwords';
import { SEED_CATEGORIES, SEED_SCENARIOS, type SeedScenario } from '@/backend/local/seed/scenarios';
import { playHistory } from '@/backend/local/seed/history';
import { RATABLE_STATUSES, type SatisfactionRating } from '@/domain/satisfaction';
import { DESK_SETTINGS_ID } from '@/backend/local/settings/settings';
import { applyTransition, auditEvent } from '@/backend/local/tickets/audit-records';
import { TICKET_COUNTER_ID } from '@/backend/local/tickets/tickets';
import type { TriggerEmail, TriggerInput } from '@/domain/triggers';
import { autoCloseTrigger } from '@/domain/auto-close';
import type { RecurringTicketInput } from '@/domain/recurring-tickets';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * How long ago (hours) tickets of each status were created and last touched. Solved ones were
 * solved less than the desk's 4 close-after days ago, so the first agent to sign in does not
 * close them all at once; closed ones are weeks old.
 */
const AGE_HOURS: Record<TicketStatus, { created: [number, number]; last?: [number, number] }> = {
  // A new ticket's few moments (a bump, a note) follow its creation within hours.
  new: { created: [1, 60] },
  open: { created: [30, 200], last: [1, 24] },
  pending: { created: [80, 240], last: [8, 72] },
  on_hold: { created: [100, 360], last: [24, 90] },
  solved: { created: [100, 300], last: [3, 80] },
  closed: { created: [400, 1000], last: [250, 390] },
};

/**
 * The demo desk as plain records: people, tickets with conversations and trails, counter,
 * settings and ratings. Per-day statistics are not among them: trusted code derives them from the
 * tickets as it stores them (locally the database middleware, in the Firebase seed `statsEntriesOf`).
 */
export interface DemoDesk {
  users: UserProfile[];
  tickets: Ticket[];
  messages: Message[];
  events: AuditEvent[];
  counter: CounterRecord;
  settings: SettingsRecord;
  /** The custom ticket fields' definitions (DESIGN §3 "Custom fields"). */
  customFields: CustomFieldsRecord;
  /** The tickets' agents-only values (the plan); customers' values are on the tickets (`fields`). */
  agentFields: AgentFieldsRecord[];
  /** The macros (DESIGN §3 "Macros"): four text-only ones (the canned replies they were), three that act, one personal. */
  macros: MacroRecord[];
  /** `ratings/{ticketId}`: requesters' ratings of solved and closed tickets, each after its solve. */
  ratings: SatisfactionRating[];
  /** The desk's triggers (DESIGN §10 "Triggers"): {@link demoTriggers}. */
  triggers: TriggerRecord[];
  /** The desk's recurring tickets (DESIGN §10 "Recurring tickets"): {@link demoRecurringTickets}. */
  recurringTickets: RecurringTicketRecord[];
}

/** Everything the local seed writes: the demo desk plus the local sign-in records. */
export interface DemoData extends DemoDesk {
  credentials: CredentialRecord[];
}

/** A small deterministic PRNG (mulberry32), so the demo desk looks the same on every first run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`Seed data refers to a missing item ${index}.`);
  return item;
}

/** One ticket's story played forward: the ticket, its messages and its audit trail. */
function playScenario(
  scenario: SeedScenario,
  requester: UserProfile,
  agent: UserProfile,
  now: number,
  random: () => number,
): { ticket: Ticket; messages: Message[]; events: AuditEvent[] } {
  const between = ([low, high]: [number, number]): number => low + (high - low) * random();
  const ages = AGE_HOURS[scenario.status];
  // Whole seconds read better in the UI than milliseconds of noise.
  // (The random age is drawn either way, so the other tickets keep theirs.)
  const age = between(ages.created) * HOUR;
  const createdMs =
    Math.floor((now - (scenario.createdMinutesAgo !== undefined ? scenario.createdMinutesAgo * 60_000 : age)) / 1000) *
    1000;
  // Customers pick high, agents raise to urgent: an audit entry worth seeing.
  const raised = scenario.priority === 'urgent' && scenario.status !== 'new';

  let ticket: Ticket = {
    id: newId(),
    number: 0,
    subject: scenario.subject,
    status: 'new',
    priority: raised ? 'high' : scenario.priority,
    category: scenario.category,
    tags: [],
    requesterId: requester.uid,
    requesterName: requester.displayName,
    createdAt: isoAt(createdMs),
    updatedAt: isoAt(createdMs),
    lastMessageAt: isoAt(createdMs),
    lastMessageBy: 'customer',
  };
  const messages: Message[] = [];
  const events: AuditEvent[] = [];

  const say = (author: UserProfile, body: string, internal: boolean, ms: number): void => {
    const at = isoAt(ms);
    messages.push({
      id: newSortableId(ms),
      ticketId: ticket.id,
      authorId: author.uid,
      authorName: author.displayName,
      authorRole: author.role,
      body,
      internal,
      attachments: [],
      createdAt: at,
    });
    ticket.updatedAt = at;
    if (internal) return;
    ticket.lastMessageAt = at;
    ticket.lastMessageBy = isStaff(author.role) ? 'agent' : 'customer';
    if (isStaff(author.role) && !ticket.firstResponseAt) ticket.firstResponseAt = at;
  };
  const move = (event: LifecycleEvent, actor: UserProfile, ms: number): void => {
    const outcome = applyTransition(ticket, event, actor, ms);
    ticket = outcome.ticket;
    events.push(...outcome.events);
  };
  const record = (type: AuditEvent['type'], from: string | null, to: string | null, ms: number): void => {
    events.push(auditEvent(ticket.id, type, from, to, agent.uid, ms));
    ticket.updatedAt = isoAt(ms);
  };

  type Step = (ms: number) => void;
  const submit: Step = (ms) => {
    say(requester, scenario.description, false, ms);
    events.push(auditEvent(ticket.id, 'status', null, 'new', requester.uid, ms));
  };
  const triage: Step = (ms) => {
    ticket.assigneeId = agent.uid;
    ticket.assigneeName = agent.displayName;
    record('assignee', null, agent.uid, ms);
    if (scenario.tags.length > 0) {
      ticket.tags = [...scenario.tags];
      record('tags', null, scenario.tags.join(', '), ms);
    }
    if (raised) {
      record('priority', ticket.priority, scenario.priority, ms);
      ticket.priority = scenario.priority;
    }
    if (scenario.note && scenario.status !== 'on_hold') say(agent, scenario.note, true, ms);
  };
  const replyThen =
    (event: LifecycleEvent): Step =>
    (ms) => {
      say(agent, scenario.reply ?? 'Thanks for writing in — looking into it now.', false, ms);
      move(event, agent, ms);
    };
  const answer: Step[] = scenario.answer ? [(ms) => say(requester, scenario.answer ?? '', false, ms)] : [];
  const note: Step[] = scenario.note ? [(ms) => say(agent, scenario.note ?? '', true, ms)] : [];

  let steps: Step[];
  switch (scenario.status) {
    case 'new':
      steps = [submit, ...answer, ...note];
      break;
    case 'open':
      steps = [submit, triage, replyThen('open'), ...answer];
      break;
    case 'pending':
      steps = [submit, triage, replyThen('await_customer')];
      break;
    case 'on_hold':
      steps = [
        submit,
        triage,
        replyThen('open'),
        (ms) => {
          for (const step of note) step(ms);
          move('hold', agent, ms);
        },
      ];
      break;
    case 'solved':
      steps = [submit, triage, replyThen('open'), ...answer, (ms) => move('solve', agent, ms)];
      break;
    case 'closed':
      steps = [
        submit,
        triage,
        replyThen('open'),
        ...answer,
        (ms) => move('solve', agent, ms),
        (ms) => move('close', agent, ms),
      ];
      break;
    default: {
      const unexpected: never = scenario.status;
      throw new Error(`Unknown seed status ${String(unexpected)}`);
    }
  }

  // New tickets had their few moments within hours; the rest end at their status's "last" age.
  // (The random "last" age is drawn either way, so the other tickets keep theirs.)
  const lastAge = ages.last ? between(ages.last) : 0;
  const lastHours = scenario.lastHoursAgo ?? lastAge;
  const lastMs = ages.last
    ? Math.max(createdMs + HOUR, Math.floor((now - lastHours * HOUR) / 1000) * 1000)
    : createdMs + Math.min(2 * HOUR, (now - createdMs) / 2);
  steps.forEach((step, k) => {
    const ms = steps.length === 1 ? createdMs : Math.round(createdMs + ((lastMs - createdMs) * k) / (steps.length - 1));
    step(ms);
  });
  return { ticket, messages, events };
}

/**
 * Builds the demo desk as plain records, without writing anything and without a database or
 * WebCrypto: local mode adds its sign-in records ({@link buildDemoData}); the Emulator Suite
 * seed (`scripts/ops/seed-firebase.ts`) writes the same desk to Firestore.
 * @param now the current time, ms since the epoch; every timestamp lies before it.
 * @param uids the uid of each {@link DEMO_ACCOUNTS} entry, in the same order (the Firebase seed
 *   passes the Auth accounts' uids); new random ids when omitted.
 * @param options.history whether the desk has its 90 days of solved and closed history (default
 *   true); without it the desk holds the scenarios' 42 tickets only, numbered 1..42 in creation
 *   order (the screen tests' desk: the history is there for the reports).
 * @throws Error when `uids` is given with fewer entries than {@link DEMO_ACCOUNTS}.
 */
export function buildDemoDesk(now: number, uids?: readonly string[], { history: withHistory = true } = {}): DemoDesk {
  const joined = now - 60 * DAY;
  const users: UserProfile[] = DEMO_ACCOUNTS.map((account, i) => ({
    uid: uids ? pick(uids, i) : newId(),
    displayName: account.displayName,
    email: account.email,
    role: account.role,
    // The demo agents take round-robin tickets (DESIGN §10 "Triggers"), so the seeded rule acts.
    ...(account.role === 'agent' && { available: true }),
    createdAt: isoAt(joined + i * HOUR),
    updatedAt: isoAt(joined + i * HOUR),
  }));
  // Scenarios name staff 0–1 (the agents) and 2 (the admin).
  const staff = [...users.filter((u) => u.role === 'agent'), ...users.filter((u) => u.role === 'admin')];
  const customers = users.filter((u) => u.role === 'customer');

  const settings: SettingsRecord = {
    id: DESK_SETTINGS_ID,
    updatedAt: isoAt(joined),
    value: {
      ...DEFAULT_DESK_SETTINGS,
      categories: [...SEED_CATEGORIES],
    },
  };

  const random = seededRandom(20_261_121);
  const scenarios = SEED_SCENARIOS.map((scenario) =>
    playScenario(scenario, pick(customers, scenario.customer), pick(staff, scenario.staff), now, random),
  );
  scenarios.sort(byCreation);
  // The history draws from its own sequence, so the scenarios' tickets are the same with or without it.
  const history = withHistory ? playHistory(now, { customers, staff }, settings.value, seededRandom(20_260_901)) : [];
  const played = [...scenarios, ...history].sort(byCreation);
  // Numbers follow creation order, as the counter would have handed them out.
  played.forEach((entry, i) => {
    entry.ticket.number = i + 1;
  });
  const agentFields = fillDemoFieldValues(played.map((entry) => entry.ticket));

  return {
    users,
    tickets: played.map((entry) => entry.ticket),
    messages: played.flatMap((entry) => entry.messages),
    events: played.flatMap((entry) => entry.events),
    counter: { id: TICKET_COUNTER_ID, value: played.length },
    settings,
    customFields: {
      id: 'fields',
      fields: DEMO_FIELDS,
      updatedBy: users.find((user) => user.role === 'admin')?.uid ?? '',
      updatedAt: settings.updatedAt,
    },
    agentFields,
    macros: demoMacros(staff, settings.updatedAt),
    triggers: demoTriggers(staff, settings.updatedAt, settings.value.closeAfterDays),
    recurringTickets: demoRecurringTickets(staff, settings.updatedAt),
    ratings: [
      ...demoRatings(scenarios.map((entry) => entry.ticket)),
      ...history.flatMap((entry) => (entry.rating ? [entry.rating] : [])),
    ],
  };
}

/**
 * The demo desk's ticket fields (DESIGN §3 "Custom fields"): an order number and a product that
 * customers fill on the request form, a plan only agents see, and the seats of the customer's
 * licence, which agents fill, customers see, and the queue can be sorted by (sort slot `a`). None is required to solve, so
 * a newcomer trying the desk is not stopped at their first solve: that is one switch on
 * /admin/fields (the custom fields journey turns it on for a field it adds).
 */
export const DEMO_FIELDS: CustomFieldDefinition[] = [
  {
    key: 'order_number',
    type: 'text',
    label: { en: 'Order number', es: 'Número de pedido', ar: 'رقم الطلب' },
    description: {
      en: 'As on your receipt, e.g. ORD-10234.',
      es: 'Como en tu recibo, p. ej. ORD-10234.',
      ar: 'كما في إيصالك، مثل ORD-10234.',
    },
    visibleTo: 'customers',
    filledBy: 'customers',
    requiredOnSubmit: false,
    requiredToSolve: false,
    archived: false,
  },
  {
    key: 'product',
    type: 'dropdown',
    label: { en: 'Product', es: 'Producto', ar: 'المنتج' },
    visibleTo: 'customers',
    filledBy: 'customers',
    requiredOnSubmit: false,
    requiredToSolve: false,
    archived: false,
    options: [
      { id: 'web_app', label: { en: 'Web app', es: 'Aplicación web', ar: 'تطبيق الويب' }, archived: false },
      { id: 'mobile_app', label: { en: 'Mobile app', es: 'Aplicación móvil', ar: 'تطبيق الجوال' }, archived: false },
      { id: 'reports', label: { en: 'Reports', es: 'Informes', ar: 'التقارير' }, archived: false },
      { id: 'api', label: { en: 'API', es: 'API', ar: 'واجهة البرمجة' }, archived: false },
    ],
  },
  {
    key: 'plan',
    type: 'dropdown',
    label: { en: 'Plan', es: 'Plan', ar: 'الخطة' },
    visibleTo: 'agents',
    filledBy: 'agents',
    requiredOnSubmit: false,
    requiredToSolve: false,
    archived: false,
    options: [
      { id: 'free', label: { en: 'Free', es: 'Gratis', ar: 'مجانية' }, archived: false },
      { id: 'team', label: { en: 'Team', es: 'Equipo', ar: 'الفريق' }, archived: false },
      { id: 'enterprise', label: { en: 'Enterprise', es: 'Empresa', ar: 'المؤسسات' }, archived: false },
    ],
  },
  {
    key: 'seats',
    type: 'number',
    label: { en: 'Seats', es: 'Licencias', ar: 'المقاعد' },
    description: {
      en: 'How many people use the licence.',
      es: 'Cuántas personas usan la licencia.',
      ar: 'عدد الأشخاص الذين يستخدمون الترخيص.',
    },
    visibleTo: 'customers',
    filledBy: 'agents',
    requiredOnSubmit: false,
    requiredToSolve: false,
    archived: false,
    integer: true,
    min: 1,
    max: 100_000,
    sortSlot: 'a',
  },
];

/** The email of the demo's time rule "Remind the requester after 3 days pending", in the desk's three languages. */
const PENDING_REMINDER: TriggerEmail = {
  to: 'requester',
  address: '',
  subject: 'Waiting for your reply: {{ticket.subject}}',
  body: 'Hi {{requester.firstName}},\n\nWe asked you something on request #{{ticket.number}} three days ago and have not heard back. Reply to this email or on {{ticket.link}} and we will carry on; if it is sorted, you need not do anything.',
  translations: {
    es: {
      subject: 'Esperamos tu respuesta: {{ticket.subject}}',
      body: 'Hola {{requester.firstName}}:\n\nHace tres días te preguntamos algo en la solicitud #{{ticket.number}} y aún no tenemos respuesta. Responde a este correo o en {{ticket.link}} y seguimos; si ya está resuelto, no tienes que hacer nada.',
    },
    ar: {
      subject: 'بانتظار ردك: {{ticket.subject}}',
      body: 'مرحبًا {{requester.firstName}}،\n\nسألناك قبل ثلاثة أيام عن أمر في الطلب رقم {{ticket.number}} ولم يصلنا ردك بعد. رُدّ على هذه الرسالة أو عبر {{ticket.link}} لنتابع؛ وإن حُلّت المسألة فلا داعي لفعل أي شيء.',
    },
  },
};

/**
 * The demo desk's triggers (DESIGN §10 "Triggers"), which act on it as soon as someone writes:
 * "Urgent requests go round-robin" (a new urgent ticket nobody holds goes to the next available
 * demo agent, at most 20 unsolved each, tagged `escalated`) and "VIP customers" (a low or normal
 * ticket tagged `vip`, new or changed, becomes high priority; no seeded ticket is tagged `vip`);
 * and one time rule, "Remind the requester after 3 days pending" (DESIGN §10 "Time rules"), which
 * the desk's scheduled pass runs: a ticket pending and not updated for 72 hours is tagged
 * `reminded` and its requester emailed (where their address is verified and their updates are on),
 * once per ticket — the seeded "Change the owner of our workspace" has been quiet for 80 hours, so
 * the first pass on a new demo desk shows it; and the desk's automatic close (`autoCloseTrigger`, from its close-after days),
 * which trusted code would otherwise write at the first pass.
 */
export function demoTriggers(staff: readonly UserProfile[], at: IsoDateTime, closeAfterDays: number): TriggerRecord[] {
  const admin = staff.find((user) => user.role === 'admin')?.uid ?? '';
  const agents = staff.filter((user) => user.role === 'agent').map((user) => user.uid);
  const triggers: TriggerInput[] = [
    {
      id: 'urgent-round-robin',
      title: 'Urgent requests go round-robin',
      active: true,
      order: 0,
      on: ['created'],
      all: [
        { property: 'priority', operator: 'is', value: 'urgent' },
        { property: 'assignee', operator: 'is', value: '' },
      ],
      any: [],
      actions: { assignee: { kind: 'roundRobin', agents, cap: 20 }, addTags: ['escalated'] },
    },
    {
      id: 'vip-customers',
      title: 'VIP customers',
      active: true,
      order: 1,
      on: ['created', 'updated'],
      all: [{ property: 'tags', operator: 'includes', value: 'vip' }],
      any: [
        { property: 'priority', operator: 'is', value: 'low' },
        { property: 'priority', operator: 'is', value: 'normal' },
      ],
      actions: { priority: 'high' },
    },
    {
      id: 'pending-reminder',
      title: 'Remind the requester after 3 days pending',
      active: true,
      order: 2,
      on: ['time'],
      all: [
        { property: 'status', operator: 'is', value: 'pending' },
        { property: 'hoursSinceUpdated', operator: 'atLeast', value: '72' },
      ],
      any: [],
      actions: { addTags: ['reminded'], emails: [PENDING_REMINDER] },
    },
    autoCloseTrigger(closeAfterDays, 3),
  ];
  return triggers.map((trigger) => ({ ...trigger, updatedAt: at, updatedBy: admin }));
}

/**
 * The demo desk's recurring ticket (DESIGN §10 "Recurring tickets"): "Weekly queue review", every
 * Monday at 09:00 on the desk's clock, saved by the demo admin (its tickets' requester). Seeded
 * switched off: an admin sees what one looks like and switches it on; a desk that made tickets on
 * its own on every Monday a visitor's clock passes would surprise them.
 */
export function demoRecurringTickets(staff: readonly UserProfile[], at: IsoDateTime): RecurringTicketRecord[] {
  const admin = staff.find((user) => user.role === 'admin')?.uid ?? '';
  const template: RecurringTicketInput = {
    id: 'weekly-queue-review',
    title: 'Weekly queue review',
    active: false,
    schedule: { frequency: 'weekly', time: '09:00', weekday: 'mon' },
    subject: 'Queue review for the week of {{date}}',
    description:
      'Go through the unassigned and the overdue tickets, close what is stale, and note what the help center should answer.',
    priority: 'normal',
    category: 'Account',
    tags: ['queue-review'],
  };
  return [{ ...template, updatedAt: at, updatedBy: admin }];
}

/**
 * The demo desk's macros: the four canned replies it had (text only, shared) and three that act —
 * "Refund sent" (reply, tag, product, solve), "Escalate to engineering" (reply, priority, tag,
 * note, on hold) and the first agent's personal "Take it" (assign to me, open).
 */
export function demoMacros(staff: readonly UserProfile[], at: IsoDateTime): MacroRecord[] {
  const admin = staff.find((user) => user.role === 'admin')?.uid ?? '';
  const agent = staff.find((user) => user.role === 'agent')?.uid ?? admin;
  const shared = (macro: Omit<MacroRecord, 'ownerId' | 'updatedAt' | 'updatedBy'>): MacroRecord => ({
    ...macro,
    ownerId: null,
    updatedAt: at,
    updatedBy: admin,
  });
  return [
    shared({
      id: 'greeting',
      title: 'Thanks for reaching out',
      body: 'Hi {{requester.name}},\n\nThanks for reaching out — I am looking into this now and will update you shortly.',
      actions: {},
    }),
    shared({
      id: 'need-details',
      title: 'Ask for details',
      body: 'Hi {{requester.name}},\n\nCould you send a screenshot and the steps that lead to the problem? That helps us reproduce it.',
      actions: {},
    }),
    shared({
      id: 'escalated',
      title: 'Escalated to engineering',
      body: 'Hi {{requester.name}},\n\nI have passed this on to our engineers and put the ticket on hold until they answer. You will hear from me as soon as I know more.',
      actions: {},
    }),
    shared({
      id: 'solved',
      title: 'Marking as solved',
      body: 'Hi {{requester.name}},\n\nGlad that is sorted. I will mark this as solved — just reply if anything else comes up.',
      actions: {},
    }),
    shared({
      id: 'refund-sent',
      title: 'Refund sent',
      body: 'Hi {{requester.firstName}},\n\nWe have refunded your last payment; it shows on your statement within five working days. I am marking this request as solved.',
      actions: { addTags: ['refund'], fields: { product: 'web_app' }, status: 'solve' },
    }),
    shared({
      id: 'escalate',
      title: 'Escalate to engineering',
      body: 'Hi {{requester.firstName}},\n\nI have passed this on to our engineers and will update you as soon as they answer.',
      actions: {
        priority: 'high',
        addTags: ['escalated'],
        note: 'Escalated to engineering: please reproduce and reply here.',
        status: 'hold',
      },
    }),
    {
      id: 'take-it',
      title: 'Take it',
      body: '',
      actions: { assignee: { kind: 'me' }, status: 'open' },
      ownerId: agent,
      updatedAt: at,
      updatedBy: agent,
    },
  ];
}

/**
 * Fills the demo fields on the tickets, the same on every run (by ticket number): most tickets
 * name a product, every other one an order number and one in three its seats (on the ticket,
 * `fields`); most carry a plan (agents-only, returned apart as the `agentFields` records).
 */
function fillDemoFieldValues(tickets: Ticket[]): AgentFieldsRecord[] {
  const [, product, plan] = DEMO_FIELDS;
  const products = (product?.options ?? []).map((option) => option.id);
  const plans = (plan?.options ?? []).map((option) => option.id);
  const records: AgentFieldsRecord[] = [];
  for (const ticket of tickets) {
    const n = ticket.number;
    const fields: CustomFieldValues = {};
    if (n % 3 !== 0) fields.product = pick(products, n % products.length);
    if (n % 2 === 0) fields.order_number = `ORD-${10_000 + n * 7}`;
    if (n % 3 === 1) fields.seats = 1 + ((n * 37) % 250);
    if (Object.keys(fields).length > 0) ticket.fields = fields;
    if (n % 4 !== 0) records.push({ ticketId: ticket.id, values: { plan: pick(plans, n % plans.length) } });
  }
  return records;
}

/** Oldest submission first. */
function byCreation(a: { ticket: Ticket }, b: { ticket: Ticket }): number {
  return Date.parse(a.ticket.createdAt) - Date.parse(b.ticket.createdAt);
}

/**
 * Builds the demo desk with local sign-in records, without writing anything.
 * @param now the current time, ms since the epoch; every timestamp lies before it.
 * @param secrets the hashed password of each {@link DEMO_ACCOUNTS} entry, in the same order.
 * @param options.history as {@link buildDemoDesk} takes it.
 */
export function buildDemoData(
  now: number,
  secrets: readonly PasswordHash[],
  options: { history?: boolean } = {},
): DemoData {
  const desk = buildDemoDesk(now, undefined, options);
  const credentials: CredentialRecord[] = desk.users.map((user, i) => ({
    email: user.email,
    uid: user.uid,
    ...pick(secrets, i),
    emailVerified: true,
    createdAt: user.createdAt,
  }));
  return { ...desk, credentials };
}

/** What the demo's requesters said of their solved requests (CSAT, DESIGN §10): mostly good, some not. */
const DEMO_RATING_COMMENTS = ['Quick and clear, thank you.', '', 'Took too long to hear back.', ''];

/**
 * Ratings of most solved and closed scenario tickets: three good to one bad, some with a comment,
 * each given half an hour after the solve (the scenarios' solves are hours old at least).
 */
function demoRatings(tickets: readonly Ticket[]): SatisfactionRating[] {
  return tickets
    .filter((ticket) => RATABLE_STATUSES.includes(ticket.status))
    .filter((_ticket, index) => index % 5 !== 4)
    .map((ticket, index) => {
      const comment = DEMO_RATING_COMMENTS[index % DEMO_RATING_COMMENTS.length];
      return {
        ticketId: ticket.id,
        requesterId: ticket.requesterId,
        score: index % 4 === 2 ? 'bad' : 'good',
        ...(comment ? { comment } : {}),
        createdAt: isoAt(Date.parse(ticket.solvedAt ?? ticket.closedAt ?? ticket.updatedAt) + 30 * 60_000),
      };
    });
}

/**
 * Seeds the demo desk when the database has no users yet. Safe when two tabs start at once:
 * the write is one transaction that checks again inside, and IndexedDB runs overlapping
 * read-write transactions one after the other.
 * @param options.iterations PBKDF2 iterations for the six demo passwords.
 * @param options.now the current time, ms since the epoch.
 * @param options.history whether the desk has its 90 days of history (default true, {@link buildDemoDesk}).
 * @param options.triggers whether the desk has its triggers (default true, {@link demoTriggers}).
 * @returns whether this call wrote the seed.
 */
export async function seedDemoData(
  db: TriageDb,
  options: { iterations: number; now: number; history?: boolean; triggers?: boolean },
): Promise<boolean> {
  if ((await db.users.count()) > 0) return false;
  // Hashing happens outside the transaction: awaiting WebCrypto inside would end it early.
  const secrets = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password, options.iterations)));
  const data = buildDemoData(options.now, secrets, { history: options.history });
  return db.transaction(
    'rw',
    [
      db.users,
      db.credentials,
      db.messages,
      db.events,
      db.counters,
      db.ratings,
      db.macros,
      db.triggers,
      db.recurringTickets,
      ...ticketWriteTables(db),
    ],
    async () => {
      if ((await db.users.count()) > 0) return false;
      await db.users.bulkAdd(data.users);
      await db.credentials.bulkAdd(data.credentials);
      // The settings first: the middleware derives each ticket's SLA record and statistics under them.
      await db.settings.put(data.settings);
      await db.customFields.put(data.customFields);
      await db.agentFields.bulkAdd(data.agentFields);
      await db.macros.bulkAdd(data.macros);
      if (options.triggers !== false) await db.triggers.bulkAdd(data.triggers);
      await db.recurringTickets.bulkAdd(data.recurringTickets);
      // Search keys with the requesters' emails, and the conversation's words, as `tickets.create`
      // and `messages.add` write them (db.ts).
      const emails = new Map(data.users.map((user) => [user.uid, user.email]));
      const words = conversationWordsByTicket(data.messages);
      const agentValues = new Map(data.agentFields.map((record) => [record.ticketId, record.values]));
      await db.tickets.bulkAdd(
        data.tickets.map(
          (ticket) =>
            ({
              ...ticket,
              [SEARCH_KEYS]: searchKeysFor({ ...ticket, requesterEmail: emails.get(ticket.requesterId) }),
              ...words.get(ticket.id),
              [AGENT_FIELD_KEYS]: agentFieldSearchKeys(agentValues.get(ticket.id)),
            }) as Ticket,
        ),
      );
      await db.messages.bulkAdd(data.messages);
      await db.events.bulkAdd(data.events);
      await db.counters.put(data.counter);
      await db.ratings.bulkAdd(data.ratings);
      return true;
    },
  );
}
