/** Role changes and deactivations, for admins (DESIGN §1); the people lists are `src/lib/store/people-api.ts`. */
import { api } from '@/lib/store/api';
import type { Role } from '@/domain/roles';
import type { DeactivationRequest } from '@/domain/deactivation';

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
    /**
     * Deactivates or reactivates a person (DESIGN §1 "Deactivated people"), moving their open
     * tickets as asked; resolves to how many moved. The people pages are read again.
     */
    setDeactivated: build.mutation<{ ticketsMoved: number }, DeactivationRequest>({
      query: (request) => (backend) => backend.users.setDeactivated(request),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useSetRoleMutation, useSetDeactivatedMutation } = usersApi;
