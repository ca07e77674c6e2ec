/** Shown instead of the app when the configuration is missing or malformed (DESIGN §6). */
import { FullPageFrame } from '@/components/full-page-state';
import { StatusPage } from '@/components/status-page';

/** Names the bad variable and says where to fix it. */
export function ConfigErrorScreen({ variable, message }: { variable: string | null; message: string }) {
  return (
    <FullPageFrame>
      <StatusPage kind="error" title={variable ? `Triage is not configured: ${variable}` : 'Triage could not start'}>
        {message} {variable && 'Set it in your .env file (see .env.example) and rebuild.'}
      </StatusPage>
    </FullPageFrame>
  );
}
