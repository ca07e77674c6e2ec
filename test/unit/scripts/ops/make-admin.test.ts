import { chooseTarget, MakeAdminError } from '../../../../scripts/ops/make-admin';

const KEY_FILE = __filename; // exists; its contents come from the readKey stub
const key = (projectId?: string) => () => (projectId ? { project_id: projectId } : {});
const EMULATOR_ENV = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' };

describe('chooseTarget', () => {
  it('uses the emulators when both emulator variables are set, on demo-triage unless told', () => {
    expect(chooseTarget({}, EMULATOR_ENV)).toEqual({ kind: 'emulators', projectId: 'demo-triage' });
    expect(chooseTarget({ project: 'demo-other' }, EMULATOR_ENV)).toEqual({
      kind: 'emulators',
      projectId: 'demo-other',
    });
    expect(chooseTarget({}, { ...EMULATOR_ENV, GCLOUD_PROJECT: 'demo-exec' })).toEqual({
      kind: 'emulators',
      projectId: 'demo-exec',
    });
  });

  it('uses the emulators with --emulators, even with credentials around', () => {
    expect(chooseTarget({ emulators: true }, { GOOGLE_APPLICATION_CREDENTIALS: KEY_FILE })).toEqual({
      kind: 'emulators',
      projectId: 'demo-triage',
    });
  });

  it('refuses a mix of one emulator and one hosted service', () => {
    expect(() => chooseTarget({}, { FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' })).toThrow(
      /Only one of FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST is set/,
    );
  });

  it('needs a service account key for a hosted project', () => {
    expect(() => chooseTarget({}, {})).toThrow(MakeAdminError);
    expect(() => chooseTarget({}, {})).toThrow(/No credentials.*GOOGLE_APPLICATION_CREDENTIALS/);
    expect(() => chooseTarget({}, { GOOGLE_APPLICATION_CREDENTIALS: '/nowhere/key.json' })).toThrow(
      'GOOGLE_APPLICATION_CREDENTIALS names /nowhere/key.json, which does not exist.',
    );
  });

  it("takes the hosted project from --project, else from the key's project_id", () => {
    const env = { GOOGLE_APPLICATION_CREDENTIALS: KEY_FILE };
    expect(chooseTarget({}, env, key('triage-prod'))).toEqual({
      kind: 'hosted',
      projectId: 'triage-prod',
      keyFile: KEY_FILE,
    });
    expect(chooseTarget({ project: 'triage-staging' }, env, key('triage-prod'))).toMatchObject({
      projectId: 'triage-staging',
    });
    expect(() => chooseTarget({}, env, key())).toThrow(/names no project: pass --project/);
  });
});
