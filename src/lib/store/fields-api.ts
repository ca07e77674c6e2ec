/**
 * The custom ticket fields' definitions (DESIGN §3 "Custom fields") as RTK Query endpoints over
 * the backend port: followed live, and saved as the whole list.
 */
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { CustomFieldDefinition } from '@/domain/custom-fields';

const fieldsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The definitions, live: every field for staff, those customers see for a customer. */
    watchFields: build.query<Live<CustomFieldDefinition[]>, void>(
      liveEndpoint<void, CustomFieldDefinition[]>((backend, _arg, onNext, onError) =>
        backend.settings.watchFields(onNext, onError),
      ),
    ),
    /** Replaces the definitions (admins; refused with the first problem's sentence). */
    saveFields: build.mutation<void, readonly CustomFieldDefinition[]>({
      query: (fields) => (backend) => backend.settings.saveFields(fields),
    }),
  }),
});

export const { useWatchFieldsQuery, useSaveFieldsMutation } = fieldsApi;
