/**
 * A recurring ticket as the automations editor holds it (DESIGN §10 "Recurring tickets"): every
 * control's value as typed, so a refused save keeps all of it; and the template a draft stands
 * for — checked by the domain's own `recurringTicketSchema` before any round trip, each problem
 * placed at the control it is about.
 */
import {
  recurringTicketSchema,
  type RecurringFrequency,
  type RecurringSchedule,
  type RecurringTicket,
  type RecurringTicketInput,
} from '@/domain/recurring-tickets';
import type { Priority, Weekday } from '@/domain/types';

/** A recurring ticket as the form edits it. */
export interface RecurringDraft {
  /** The recurring ticket being edited, or `null` for a new one. */
  id: string | null;
  title: string;
  active: boolean;
  frequency: RecurringFrequency;
  /** `HH:mm` as typed. */
  time: string;
  /** The weekly day (kept while another frequency is chosen, so switching back loses nothing). */
  weekday: Weekday;
  /** The monthly day, `'1'`–`'31'` (kept likewise). */
  dayOfMonth: string;
  subject: string;
  description: string;
  priority: Priority;
  /** `''` for none. */
  category: string;
  tags: string[];
}

/** A new recurring ticket: active, every Monday at 09:00, normal priority, nothing written yet. */
export const NEW_RECURRING_DRAFT: RecurringDraft = {
  id: null,
  title: '',
  active: true,
  frequency: 'weekly',
  time: '09:00',
  weekday: 'mon',
  dayOfMonth: '1',
  subject: '',
  description: '',
  priority: 'normal',
  category: '',
  tags: [],
};

/** The controls of the form a problem can be shown at. */
export type RecurringControl =
  | 'title'
  | 'frequency'
  | 'time'
  | 'weekday'
  | 'dayOfMonth'
  | 'subject'
  | 'description'
  | 'priority'
  | 'category'
  | 'tags';

/** A problem the schema found, at its control: zod's issue code, the bound it missed, its English sentence. */
export interface RecurringIssue {
  control: RecurringControl;
  code: string;
  /** The bound missed (characters, or tags), for `too_small` / `too_big`. */
  limit?: number;
  /** Where in the value the issue is (`['tags', 2]`: a tag's; `['tags']`: the list's). */
  path: readonly PropertyKey[];
  message: string;
}

/** A stored recurring ticket as the form's draft. */
export function recurringDraftFrom(recurring: RecurringTicket): RecurringDraft {
  const { schedule } = recurring;
  return {
    id: recurring.id,
    title: recurring.title,
    active: recurring.active,
    frequency: schedule.frequency,
    time: schedule.time,
    weekday: schedule.weekday ?? NEW_RECURRING_DRAFT.weekday,
    dayOfMonth: String(schedule.dayOfMonth ?? NEW_RECURRING_DRAFT.dayOfMonth),
    subject: recurring.subject,
    description: recurring.description,
    priority: recurring.priority,
    category: recurring.category ?? '',
    tags: [...recurring.tags],
  };
}

/** A stored recurring ticket as the port saves it again (without who saved it when). */
export function recurringInputOf(recurring: RecurringTicket): RecurringTicketInput {
  const { updatedAt: _at, updatedBy: _by, ...input } = recurring;
  return input;
}

/**
 * The schedule a draft names: only the day its frequency uses, the time trimmed and an hour of one
 * digit padded ("9:30" is "09:30"); anything else is left for the schema to refuse.
 */
export function scheduleOf(draft: RecurringDraft): RecurringSchedule {
  const typed = draft.time.trim();
  const time = /^\d:\d\d$/.test(typed) ? `0${typed}` : typed;
  switch (draft.frequency) {
    case 'daily':
      return { frequency: 'daily', time };
    case 'weekly':
      return { frequency: 'weekly', time, weekday: draft.weekday };
    case 'monthly':
      return { frequency: 'monthly', time, dayOfMonth: Number(draft.dayOfMonth) };
    default: {
      const never: never = draft.frequency;
      throw new Error(`Unknown frequency ${String(never)}`);
    }
  }
}

/**
 * The control a schema issue is about, from its path in the template. A schedule's own check (a
 * weekly one without its day, say) belongs to the control of the day its frequency uses.
 */
function controlOf(path: readonly PropertyKey[], frequency: RecurringFrequency): RecurringControl {
  const [first, second] = path;
  if (first === 'schedule') {
    if (second === 'time' || second === 'weekday' || second === 'dayOfMonth' || second === 'frequency') return second;
    return frequency === 'weekly' ? 'weekday' : frequency === 'monthly' ? 'dayOfMonth' : 'frequency';
  }
  switch (first) {
    case 'title':
    case 'subject':
    case 'description':
    case 'priority':
    case 'category':
    case 'tags':
      return first;
    default:
      return 'title';
  }
}

/**
 * The recurring ticket a draft saves, or the problems with it (`recurringTicketSchema`'s issues,
 * the first one of each control, in the schema's order).
 * @param id the recurring ticket's id (a new one's: made once when its editor opened).
 */
export function recurringTicketOf(
  draft: RecurringDraft,
  id: string,
): RecurringTicketInput | { issues: RecurringIssue[] } {
  const category = draft.category.trim();
  const parsed = recurringTicketSchema.safeParse({
    title: draft.title,
    active: draft.active,
    schedule: scheduleOf(draft),
    subject: draft.subject,
    description: draft.description,
    priority: draft.priority,
    ...(category ? { category } : {}),
    tags: draft.tags,
  });
  if (parsed.success) {
    const { category: kept, ...template } = parsed.data as Omit<RecurringTicketInput, 'id'>;
    return { id, ...template, ...(kept ? { category: kept } : {}) };
  }
  const issues: RecurringIssue[] = [];
  for (const issue of parsed.error.issues) {
    const control = controlOf(issue.path, draft.frequency);
    if (issues.some((known) => known.control === control)) continue;
    const limit = 'minimum' in issue ? issue.minimum : 'maximum' in issue ? issue.maximum : undefined;
    issues.push({
      control,
      code: issue.code,
      path: issue.path,
      message: issue.message,
      ...(typeof limit === 'number' ? { limit } : {}),
    });
  }
  return { issues };
}
