/**
 * The desk settings, live — one subscription shared by every screen that reads them (the
 * request form's categories, the ticket's properties, the composer's canned replies, the
 * admin's desk switches), and saving them (admins only, DESIGN §1).
 */
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { DeskSettings, DeskSettingsInput } from '@/domain/types';
import { PRODUCT_NAME } from '@/lib/i18n/product-name';

const deskSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Desk settings (categories, close-after days, SLA, canned replies for staff, assign-on-reply), live. */
    watchDeskSettings: build.query<Live<DeskSettings>, void>(
      liveEndpoint<void, DeskSettings>((backend, _arg, onNext, onError) => backend.settings.watch(onNext, onError)),
    ),
    /**
     * Replaces the desk settings but the canned replies (admins only; `permission-denied` for
     * anyone else, `invalid-argument` with the first problem's sentence outside the schema).
     */
    saveDeskSettings: build.mutation<void, DeskSettingsInput>({
      query: (settings) => (backend) => backend.settings.save(settings),
    }),
  }),
});

export const { useWatchDeskSettingsQuery, useSaveDeskSettingsMutation } = deskSettingsApi;

/**
 * The desk's name (`settings.deskName`, DESIGN §10): the brand its people and customers see in the
 * side menu and the page titles. "Triage" while the settings load, and for visitors not signed in
 * (`signedIn` false: they may not read the settings, so none is asked for).
 */
export function useDeskName(signedIn: boolean): string {
  const { data } = useWatchDeskSettingsQuery(undefined, { skip: !signedIn });
  return (signedIn && data?.value?.deskName) || PRODUCT_NAME;
}
