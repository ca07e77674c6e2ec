/** Role changes, for admins (DESIGN §1); the people lists are `src/lib/store/people-api.ts`. */
import { api } from '@/lib/store/api';
import type { Role } from '@/domain/roles';

const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Changes a user's role (admins only, never their own); the people pages and that person's
     * profile are read again (the staff list follows live).
     */
    setRole: build.mutation<void, { uid: string; role: Role }>({
      query:
        ({ uid, role }) =>
        (backend) =>
          backend.users.setRole(uid, role),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useSetRoleMutation } = usersApi;
