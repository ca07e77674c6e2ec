/**
 * The two fields where someone chooses a password: the password, checked by the domain's
 * `passwordSchema` (DESIGN §5), and the same password typed again. Used by sign-up and by
 * accepting an invitation, inside their antd `Form` (field names `password` and `confirm`).
 */
import { useIntl } from 'react-intl';
import Form from 'antd/es/form';
import Password from 'antd/es/input/Password';
import { passwordSchema } from '@/domain/schemas';
import { useAuthFieldIssues } from '@/lib/i18n/field-issues';
import { zodRule } from '@/lib/zod-rule';

/** The values the fields add to their form. */
export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/** "Password" and "Confirm password"; a missing or different second one is said under it. */
export function NewPasswordFields() {
  const intl = useIntl();
  const issues = useAuthFieldIssues();
  return (
    <>
      <Form.Item
        name="password"
        label={intl.formatMessage({ id: 'auth.signUp.passwordLabel', defaultMessage: 'Password' })}
        rules={[zodRule(passwordSchema, issues.password)]}
        hasFeedback
      >
        <Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={intl.formatMessage({ id: 'auth.signUp.confirmLabel', defaultMessage: 'Confirm password' })}
        dependencies={['password']}
        hasFeedback
        rules={[
          {
            required: true,
            message: intl.formatMessage({
              id: 'auth.signUp.confirmMissing',
              defaultMessage: 'Type the password again.',
            }),
          },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string) => {
              if (value && value !== getFieldValue('password'))
                throw new Error(
                  intl.formatMessage({
                    id: 'auth.signUp.confirmMismatch',
                    defaultMessage: 'The two passwords do not match.',
                  }),
                );
            },
          }),
        ]}
      >
        <Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
