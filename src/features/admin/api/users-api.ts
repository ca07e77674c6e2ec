/** People, for admins: the live user list and role changes (DESIGN §1). */
import { api, liveEndpoint, type Live } from '@/app/api';
import type { Role } from '@/domain/roles';
import type { UserProfile } from '@/domain/types';

const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every user, live (staff only; others get `permission-denied`). */
    watchUsers: build.query<Live<UserProfile[]>, void>(
      liveEndpoint<void, UserProfile[]>((backend, _arg, onNext, onError) => backend.users.watchAll(onNext, onError)),
    ),
    /** Changes a user's role (admins only, never their own). */
    setRole: build.mutation<void, { uid: string; role: Role }>({
      query:
        ({ uid, role }) =>
        (backend) =>
          backend.users.setRole(uid, role),
    }),
  }),
});

export const { useWatchUsersQuery, useSetRoleMutation } = usersApi;
