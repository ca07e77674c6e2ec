/** Shown instead of the app when the configuration is missing or malformed (DESIGN §6). */
import { FullPageFrame } from '@/components/full-page-state';
import { StatusPage } from '@/components/status-page';

/**
 * Names the bad variable and says where to fix it. For whoever deploys the desk, before the
 * store (and so the language) exists: English only, outside the message catalogues.
 */
export function ConfigErrorScreen({ variable, message }: { variable: string | null; message: string }) {
  return (
    <FullPageFrame>
      {/* eslint-disable formatjs/no-literal-string-in-jsx -- English only: see above. */}
      <StatusPage kind="error" title={variable ? `Triage is not configured: ${variable}` : 'Triage could not start'}>
        {message} {variable && 'Set it in your .env file (see .env.example) and rebuild.'}
        {/* eslint-enable formatjs/no-literal-string-in-jsx */}
      </StatusPage>
    </FullPageFrame>
  );
}
