/**
 * The Cloud Functions package deploys what the tests ran: functions/package.json asks for the
 * same firebase-admin and firebase-functions as the root (where the emulators and tests resolve
 * them), and firebase.json deploys functions/ built by `npm run build:functions`.
 */
import { readFileSync } from 'node:fs';

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('the functions package', () => {
  const root = json('package.json');
  const functions = json('functions/package.json');

  it.each(['firebase-admin', 'firebase-functions', 'zod'])('asks for the root’s %s', (name) => {
    expect(functions.dependencies[name]).toBeDefined();
    expect(functions.dependencies[name]).toBe(root.devDependencies[name] ?? root.dependencies[name]);
  });

  it('runs the built bundle on Node 20, as firebase.json deploys it', () => {
    expect(functions.main).toBe('lib/index.js');
    expect(functions.engines.node).toBe('20');
    const [config] = json('firebase.json').functions;
    expect(config).toMatchObject({ source: 'functions', runtime: 'nodejs20' });
    expect(config.predeploy.join(' ')).toContain('build:functions');
    expect(root.scripts['build:functions']).toBe('node scripts/build/functions.mjs');
  });
});
