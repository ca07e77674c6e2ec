/**
 * The people of the desk, live — one subscription shared by every screen that needs them
 * (the queue's requester and assignee filters, the ticket's assignee picker and timeline, the
 * admin's people list), instead of one watcher each.
 */
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import { isStaff } from '@/domain/roles';
import type { UserProfile } from '@/domain/types';

const peopleApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Everyone with a profile, sorted by display name, live. Staff only (DESIGN §1): a customer's
     * subscription ends with `error.code` `permission-denied`.
     */
    watchPeople: build.query<Live<UserProfile[]>, void>(
      liveEndpoint<void, UserProfile[]>((backend, _arg, onNext, onError) =>
        backend.users.watchAll(
          (users) => onNext([...users].sort((a, b) => a.displayName.localeCompare(b.displayName))),
          onError,
        ),
      ),
    ),
  }),
});

export const { useWatchPeopleQuery } = peopleApi;

const NO_PEOPLE: readonly UserProfile[] = [];

/**
 * The agents and admins among `people` (who a ticket can be assigned to), in the same order.
 * @param people the `watchPeople` value, or null/undefined while it loads.
 */
export function staffOf(people: readonly UserProfile[] | null | undefined): readonly UserProfile[] {
  return people ? people.filter((person) => isStaff(person.role)) : NO_PEOPLE;
}
