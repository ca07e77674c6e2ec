/**
 * The screen shown instead of the app when the build's configuration is wrong (DESIGN §6).
 */
import { render, screen } from '@testing-library/react';
import { loadConfig } from '@/config/config';
import { ConfigErrorScreen } from '@/components/config-error-screen';

describe('configuration and reCAPTCHA', () => {
  it('names a missing Firebase variable on the first screen', () => {
    const result = loadConfig({ BACKEND: 'firebase', FIREBASE_AUTH_DOMAIN: 'x.firebaseapp.com' });
    if (result.ok) throw new Error('expected a configuration error');
    render(<ConfigErrorScreen variable={result.error.variable} message={result.error.message} />);
    expect(screen.getByText('Triage is not configured: FIREBASE_API_KEY')).toBeInTheDocument();
    expect(screen.getByText(/FIREBASE_API_KEY is missing/)).toBeInTheDocument();
  });
});
