/**
 * The people of the desk, read in bounded pieces (DESIGN §3 "Finding people") — never the whole
 * `users` collection:
 * - the staff, live, one subscription shared by every screen that names or picks agents (the
 *   queue's assignee filter and bulk bar, the ticket's assignee picker and timeline);
 * - a page of people (a requester picker's search as you type, the admin's people list);
 * - one person by uid (a requester named in a timeline or a filter), cached by RTK Query;
 * - the organisations (DESIGN §1 "Organisations"), live, for the admins' list and a requester's panel;
 *   and a member's view of their own (whether it shares its requests).
 */
import { useEffect, useMemo } from 'react';
import { shallowEqual } from 'react-redux';
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import { useAppDispatch, useAppSelector } from '@/lib/store/store-hooks';
import type { PeoplePage, PeopleQuery } from '@/backend/port/users';
import type { UserProfile } from '@/domain/types';
import type { Organisation, OrganisationView } from '@/domain/organisations';

const peopleApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The agents and admins by display name (at most `STAFF_LIST_LIMIT`), live. Staff only
     * (DESIGN §1): a customer's subscription ends with `error.code` `permission-denied`.
     */
    watchStaff: build.query<Live<UserProfile[]>, void>(
      liveEndpoint<void, UserProfile[]>((backend, _arg, onNext, onError) => backend.users.watchStaff(onNext, onError)),
    ),
    /**
     * One page of people (search, role, cursor; see `PeopleQuery`), read once; refetched after a
     * role change. Staff only.
     */
    listPeople: build.query<PeoplePage, PeopleQuery>({
      query: (asked) => (backend) => backend.users.list(asked),
      providesTags: ['User'],
    }),
    /** One person's profile by uid (staff read anyone; a customer only themselves). */
    getPerson: build.query<UserProfile, string>({
      query: (uid) => (backend) => backend.users.get(uid),
      providesTags: (_result, _error, uid) => [{ type: 'User', id: uid }],
    }),
    /**
     * The organisations by name (at most `ORGANISATION_LIMIT`), live. Staff only: a customer's
     * subscription ends with `error.code` `permission-denied`.
     */
    watchOrganisations: build.query<Live<Organisation[]>, void>(
      liveEndpoint<void, Organisation[]>((backend, _arg, onNext, onError) =>
        backend.users.watchOrganisations(onNext, onError),
      ),
    ),
    /**
     * What a member reads of their organisation by id (its name, whether it shares its requests),
     * live; `null` once deleted. Its members and staff only.
     */
    watchOrganisationView: build.query<Live<OrganisationView | null>, string>(
      liveEndpoint<string, OrganisationView | null>((backend, id, onNext, onError) =>
        backend.users.watchOrganisationView(id, onNext, onError),
      ),
    ),
  }),
});

export const {
  useWatchStaffQuery,
  useListPeopleQuery,
  useGetPersonQuery,
  useWatchOrganisationsQuery,
  useWatchOrganisationViewQuery,
} = peopleApi;

/** The part of the root state the people selectors read: the one API slice. */
type ApiRootState = Parameters<ReturnType<typeof peopleApi.endpoints.getPerson.select>>[0];

/** What naming a person needs: their display name and whether they are deactivated (DESIGN §1). */
export type PersonName = Pick<UserProfile, 'displayName' | 'deactivated'>;

/**
 * The names of some people read one by one by uid (`getPerson`, cached and shared), for naming
 * people a screen has only the uid of — e.g. someone in a ticket's timeline who is not on the
 * staff list. Subscribes while mounted.
 * @param uids whom to name (order and repeats do not matter).
 * @returns uid → name (and deactivation), for those read so far (a failed read is left out).
 */
export function usePersonNames(uids: readonly string[]): ReadonlyMap<string, PersonName> {
  const dispatch = useAppDispatch();
  const wanted = [...new Set(uids)].sort();
  const key = wanted.join('\n');
  useEffect(() => {
    const uidsNow = key ? key.split('\n') : [];
    const subscriptions = uidsNow.map((uid) => dispatch(peopleApi.endpoints.getPerson.initiate(uid)));
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [dispatch, key]);
  // The profiles as the cache holds them: the same objects until a read replaces one.
  const people = useAppSelector(
    (state: ApiRootState) => wanted.map((uid) => peopleApi.endpoints.getPerson.select(uid)(state).data),
    shallowEqual,
  );
  return useMemo(
    () =>
      new Map(
        wanted.flatMap((uid, i) => {
          const person = people[i];
          return person ? [[uid, { displayName: person.displayName, deactivated: person.deactivated }] as const] : [];
        }),
      ),
    // `wanted` is `key` split; people change only with a read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, people],
  );
}
