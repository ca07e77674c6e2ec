/** Role changes, for admins (DESIGN §1); the live people list is `src/lib/store/people-api.ts`. */
import { api } from '@/lib/store/api';
import type { Role } from '@/domain/roles';

const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Changes a user's role (admins only, never their own). */
    setRole: build.mutation<void, { uid: string; role: Role }>({
      query:
        ({ uid, role }) =>
        (backend) =>
          backend.users.setRole(uid, role),
    }),
  }),
});

export const { useSetRoleMutation } = usersApi;
