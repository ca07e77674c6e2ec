/**
 * Accepting an invitation (route `/invitation`, DESIGN §1 "Invitations"): the link's fragment
 * (`#id.secret`, never sent to a server) names the invitation; the invitee chooses their name and
 * a password (typed twice), trusted code creates the account for the invited address with the
 * invited role, and they are signed in — landing where their role starts. A link that cannot be
 * used (not valid, used, withdrawn, expired) is said in a sentence, and what was typed stays.
 */
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import { displayNameSchema } from '@/domain/schemas';
import { INVITATION_NOT_VALID, parseInvitationFragment } from '@/domain/invitation-basics';
import type { ErrorShape } from '@/domain/errors/errors';
import { useAcceptInvitationMutation } from '@/features/auth/api/auth-api';
import { signIn } from '@/features/auth/slice/auth-slice';
import { NewPasswordFields, type NewPasswordValues } from '@/features/auth/components/new-password-fields';
import { useAppDispatch } from '@/lib/store/store-hooks';
import { useFriendlyMessage } from '@/lib/i18n/labels';
import { useAuthFieldIssues } from '@/lib/i18n/field-issues';
import { zodRule } from '@/lib/zod-rule';
import { Panel } from '@/components/panel';

interface InvitationValues extends NewPasswordValues {
  displayName: string;
}

/** The invitation screen. */
export default function InvitationScreen() {
  const { hash } = useLocation();
  const link = useMemo(() => parseInvitationFragment(hash), [hash]);
  const dispatch = useAppDispatch();
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const [problem, setProblem] = useState<ErrorShape | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const intl = useIntl();
  const issues = useAuthFieldIssues();
  const friendly = useFriendlyMessage();
  const [form] = Form.useForm<InvitationValues>();

  const title = <FormattedMessage id="auth.invitation.title" defaultMessage="Join the desk" />;
  if (!link) {
    return (
      <Panel title={title}>
        <Alert
          type="error"
          showIcon
          role="alert"
          message={friendly({ code: 'not-found', message: INVITATION_NOT_VALID })}
          style={{ marginBottom: 16 }}
        />
        <Link to="/sign-in">
          <FormattedMessage id="auth.invitation.toSignIn" defaultMessage="Go to sign in" />
        </Link>
      </Panel>
    );
  }

  const submit = async ({ displayName, password }: InvitationValues) => {
    setProblem(null);
    const accepted = await accept({ ...link, displayName, password });
    if (accepted.error) return setProblem(accepted.error as ErrorShape);
    // The account exists: sign in with it (the router then takes them to their role's home).
    setSigningIn(true);
    const signedIn = await dispatch(signIn({ email: accepted.data.email, password }));
    setSigningIn(false);
    if (signIn.rejected.match(signedIn)) setProblem(signedIn.payload ?? { code: 'unknown', message: '' });
  };
  const busy = isLoading || signingIn;

  return (
    <Panel title={title}>
      <p>
        <FormattedMessage
          id="auth.invitation.lead"
          defaultMessage="You were invited to this support desk. Choose the name people will see and a password."
        />
      </p>
      {problem && <Alert type="error" showIcon role="alert" message={friendly(problem)} style={{ marginBottom: 16 }} />}
      <Form<InvitationValues>
        form={form}
        noValidate
        method="dialog"
        layout="vertical"
        requiredMark={false}
        disabled={busy}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="displayName"
          label={intl.formatMessage({ id: 'auth.invitation.nameLabel', defaultMessage: 'Your name' })}
          rules={[zodRule(displayNameSchema, issues.name)]}
        >
          <Input autoComplete="name" autoFocus maxLength={80} showCount />
        </Form.Item>
        <NewPasswordFields />
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={busy}>
            <FormattedMessage id="auth.invitation.submit" defaultMessage="Join" />
          </Button>
        </Form.Item>
      </Form>
      <Link to="/sign-in">
        <FormattedMessage id="auth.invitation.haveAccount" defaultMessage="Already have an account? Sign in" />
      </Link>
    </Panel>
  );
}
