/**
 * The build-time configuration of DESIGN §6: a missing or malformed value fails with a
 * message naming the variable.
 */
import { ConfigError, parseConfig, type RawEnv } from '@/config/config-schema';

const FIREBASE_ENV = {
  BACKEND: 'firebase',
  FIREBASE_API_KEY: 'AIzaSyA1b2C3d4E5f6G7h8I9j0K_lMnOpQrStUv',
  FIREBASE_AUTH_DOMAIN: 'demo-triage.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'demo-triage',
  FIREBASE_STORAGE_BUCKET: 'demo-triage.appspot.com',
  FIREBASE_MESSAGING_SENDER_ID: '123456789012',
  FIREBASE_APP_ID: '1:123456789012:web:0a1b2c3d4e5f',
} as const satisfies RawEnv;

const REQUIRED_FIREBASE_VARIABLES = [
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_STORAGE_BUCKET',
  'FIREBASE_MESSAGING_SENDER_ID',
  'FIREBASE_APP_ID',
] as const;

/** The ConfigError that parsing `env` throws. */
function configErrorOf(env: RawEnv): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected parseConfig to throw a ConfigError');
}

function without(env: RawEnv, variable: string): RawEnv {
  const copy = { ...env };
  delete copy[variable];
  return copy;
}

describe('parseConfig: backend', () => {
  it('defaults to the local backend when BACKEND is not set', () => {
    expect(parseConfig({})).toEqual({ backend: 'local', recaptchaSiteKey: null });
  });

  it('defaults to the local backend when BACKEND is blank', () => {
    expect(parseConfig({ BACKEND: '  ' })).toEqual({ backend: 'local', recaptchaSiteKey: null });
  });

  it('needs no Firebase variables for the local backend', () => {
    expect(parseConfig({ BACKEND: 'local' })).toEqual({ backend: 'local', recaptchaSiteKey: null });
  });

  it('names BACKEND when it is neither local nor firebase', () => {
    const error = configErrorOf({ BACKEND: 'firestore' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ConfigError');
    expect(error.variable).toBe('BACKEND');
    expect(error.message).toContain('BACKEND');
    expect(error.message).toContain('firestore');
  });

  it('keeps a trimmed RECAPTCHA_SITE_KEY and treats a blank one as absent', () => {
    expect(parseConfig({ RECAPTCHA_SITE_KEY: ' 6LcSiteKey ' })).toEqual({
      backend: 'local',
      recaptchaSiteKey: '6LcSiteKey',
    });
    expect(parseConfig({ RECAPTCHA_SITE_KEY: '   ' })).toEqual({ backend: 'local', recaptchaSiteKey: null });
  });
});

describe('parseConfig: firebase', () => {
  it('returns the Firebase options for a full, valid environment', () => {
    expect(
      parseConfig({
        ...FIREBASE_ENV,
        FIREBASE_DATABASE_URL: 'https://demo-triage-default-rtdb.firebaseio.com',
        FIREBASE_MEASUREMENT_ID: 'G-ABC123XYZ',
        RECAPTCHA_SITE_KEY: '6LcSiteKey',
        USE_EMULATORS: 'false',
      }),
    ).toEqual({
      backend: 'firebase',
      recaptchaSiteKey: '6LcSiteKey',
      useEmulators: false,
      firebase: {
        apiKey: FIREBASE_ENV.FIREBASE_API_KEY,
        authDomain: 'demo-triage.firebaseapp.com',
        databaseURL: 'https://demo-triage-default-rtdb.firebaseio.com',
        projectId: 'demo-triage',
        storageBucket: 'demo-triage.appspot.com',
        messagingSenderId: '123456789012',
        appId: '1:123456789012:web:0a1b2c3d4e5f',
        measurementId: 'G-ABC123XYZ',
      },
    });
  });

  it('leaves out the optional database URL and measurement id when they are empty', () => {
    const config = parseConfig({ ...FIREBASE_ENV, FIREBASE_DATABASE_URL: '', FIREBASE_MEASUREMENT_ID: '' });
    expect(config.backend).toBe('firebase');
    if (config.backend !== 'firebase') return;
    expect(config.firebase).not.toHaveProperty('databaseURL');
    expect(config.firebase).not.toHaveProperty('measurementId');
  });

  it('trims surrounding whitespace from values', () => {
    const config = parseConfig({ ...FIREBASE_ENV, FIREBASE_PROJECT_ID: '  demo-triage \n' });
    if (config.backend !== 'firebase') throw new Error('expected the firebase backend');
    expect(config.firebase.projectId).toBe('demo-triage');
  });

  describe.each(REQUIRED_FIREBASE_VARIABLES)('%s', (variable) => {
    it('is named when it is missing', () => {
      const error = configErrorOf(without(FIREBASE_ENV, variable));
      expect(error.variable).toBe(variable);
      expect(error.message).toBe(`${variable} is missing.`);
    });

    it('is named when it is empty', () => {
      const error = configErrorOf({ ...FIREBASE_ENV, [variable]: '' });
      expect(error.variable).toBe(variable);
      expect(error.message).toBe(`${variable} is missing.`);
    });

    it('is named when it is only whitespace', () => {
      expect(configErrorOf({ ...FIREBASE_ENV, [variable]: '   ' }).variable).toBe(variable);
    });
  });

  it.each([
    ['FIREBASE_APP_ID', 'my-web-app'],
    ['FIREBASE_APP_ID', '1:1234:ios:abcd'],
    ['FIREBASE_API_KEY', 'short'],
    ['FIREBASE_AUTH_DOMAIN', 'https://demo-triage.firebaseapp.com/'],
    ['FIREBASE_PROJECT_ID', 'Demo_Triage'],
    ['FIREBASE_MESSAGING_SENDER_ID', 'sender-1'],
    ['FIREBASE_DATABASE_URL', 'not a url'],
  ])('names %s when it is malformed (%s)', (variable, value) => {
    const error = configErrorOf({ ...FIREBASE_ENV, [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message).toMatch(/\.$/);
  });
});

describe('parseConfig: USE_EMULATORS', () => {
  const emulators = (value: string | undefined) => {
    const config = parseConfig({ ...FIREBASE_ENV, USE_EMULATORS: value });
    if (config.backend !== 'firebase') throw new Error('expected the firebase backend');
    return config.useEmulators;
  };

  it('is on for "true"', () => {
    expect(emulators('true')).toBe(true);
  });

  it('is on for " true " with whitespace around it', () => {
    expect(emulators(' true ')).toBe(true);
  });

  it('is off for "false"', () => {
    expect(emulators('false')).toBe(false);
  });

  it('is off when empty or not set', () => {
    expect(emulators('')).toBe(false);
    expect(emulators(undefined)).toBe(false);
  });

  it.each(['yes', '1', 'on'])('names USE_EMULATORS for "%s"', (value) => {
    const error = configErrorOf({ ...FIREBASE_ENV, USE_EMULATORS: value });
    expect(error.variable).toBe('USE_EMULATORS');
    expect(error.message).toBe('USE_EMULATORS must be "true" or "false".');
  });
});
