/** Shown instead of the app when the configuration is missing or malformed (DESIGN §6). */
import Result from 'antd/es/result';
import Typography from 'antd/es/typography';
import { FullPageFrame } from '@/components/full-page-state';

/** Names the bad variable and says where to fix it. */
export function ConfigErrorScreen({ variable, message }: { variable: string | null; message: string }) {
  return (
    <FullPageFrame>
      <Result
        status="error"
        title={variable ? `Triage is not configured: ${variable}` : 'Triage could not start'}
        subTitle={
          <Typography.Paragraph>
            {message}{' '}
            {variable && 'Set it in your .env file (see .env.example) and rebuild.'}
          </Typography.Paragraph>
        }
      />
    </FullPageFrame>
  );
}
