/** Sign in with email and password (and Google on the Firebase backend). */
import { Link } from 'react-router-dom';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import GoogleOutlined from '@ant-design/icons/GoogleOutlined';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { emailSchema } from '@/domain/schemas';
import { AuthErrorAlert } from '@/features/auth/components/auth-error-alert';
import { DemoAccountsCard } from '@/features/auth/components/demo-accounts-card';
import { authErrorCleared, selectAuth, signIn, signInWithGoogle } from '@/features/auth/slice/auth-slice';
import { zodRule } from '@/lib/zod-rule';

interface SignInValues {
  email: string;
  password: string;
}

/** The sign-in screen (route `/sign-in`). */
export default function SignInScreen() {
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector(selectAuth);
  const [form] = Form.useForm<SignInValues>();
  const busy = status === 'signingIn';

  return (
    <div data-screen="sign-in">
      <Card title="Sign in">
        <AuthErrorAlert />
        <Form<SignInValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={busy}
          onValuesChange={() => error && dispatch(authErrorCleared())}
          onFinish={(values) => void dispatch(signIn(values))}
        >
          <Form.Item name="email" label="Email" rules={[zodRule(emailSchema)]} validateTrigger="onBlur">
            <Input type="email" autoComplete="email" autoFocus />
          </Form.Item>
          <Form.Item name="password" label="Password" rules={[{ required: true, message: 'Enter your password.' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item style={{ marginBottom: 8 }}>
            <Button type="primary" htmlType="submit" block loading={busy}>
              Sign in
            </Button>
          </Form.Item>
        </Form>
        {process.env.BACKEND === 'firebase' && (
          <>
            <Divider plain>or</Divider>
            <Button block icon={<GoogleOutlined />} disabled={busy} onClick={() => void dispatch(signInWithGoogle())}>
              Continue with Google
            </Button>
          </>
        )}
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, display: 'flex', justifyContent: 'space-between' }}>
          <Link to="/reset-password">Forgot your password?</Link>
          <Link to="/sign-up">Create an account</Link>
        </Typography.Paragraph>
      </Card>
      <DemoAccountsCard onUse={(account) => form.setFieldsValue({ email: account.email, password: account.password })} />
    </div>
  );
}
