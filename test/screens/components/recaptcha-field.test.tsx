/**
 * The reCAPTCHA field of sign-up, password reset and request submission (DESIGN §7): a script
 * that cannot load is said so, with a retry.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { RecaptchaField } from '@/components/recaptcha-field';

describe('configuration and reCAPTCHA', () => {
  it('says so, with a retry, when the reCAPTCHA script cannot load', async () => {
    const onToken = jest.fn();
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <RecaptchaField siteKey="test-site-key" onToken={onToken} loadTimeoutMs={50} />
      </IntlProvider>,
    );
    expect(await screen.findByText('The reCAPTCHA check could not load')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByText('The reCAPTCHA check could not load')).not.toBeInTheDocument();
    expect(await screen.findByText('The reCAPTCHA check could not load')).toBeInTheDocument();
  });
});
