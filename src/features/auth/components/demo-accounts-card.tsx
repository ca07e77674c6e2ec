/**
 * Local mode only: the seeded demo people and their passwords, with a button that fills the
 * sign-in form. A Firebase build never contains them: the composition root passes the loader
 * (`src/app/backend.ts`, which alone knows which adapter this build has).
 */
import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import theme from 'antd/es/theme';
import { Panel } from '@/components/panel';

/** A demo person shown on the sign-in page in local mode. */
export interface DemoAccount {
  role: string;
  displayName: string;
  email: string;
  password: string;
}

/** Loads the demo accounts of this build; resolves `[]` when there are none (a Firebase build). */
export type LoadDemoAccounts = () => Promise<DemoAccount[]>;

/** Lists the demo accounts `load` finds (nothing when none); `onUse` fills the form with one. */
export function DemoAccountsCard({ load, onUse }: { load: LoadDemoAccounts; onUse: (account: DemoAccount) => void }) {
  const { token } = theme.useToken();
  const [accounts, setAccounts] = useState<DemoAccount[]>([]);
  useEffect(() => {
    let live = true;
    void load().then((loaded) => live && setAccounts(loaded));
    return () => {
      live = false;
    };
  }, [load]);
  if (accounts.length === 0) return null;
  return (
    <div style={{ marginTop: 16 }}>
      <Panel title="Demo accounts (local mode)" heading="h2">
        <p style={{ marginTop: 0, color: token.colorTextSecondary }}>
          This build keeps its data in your browser. Sign in with one of these, or create your own account.
        </p>
        <ul aria-label="Demo accounts" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {accounts.map((account) => (
            <li key={account.email} className="triage-demo-account" style={{ padding: '6px 0' }}>
              <Flex justify="space-between" align="center" gap={8}>
                <div>
                  <strong>{account.displayName}</strong>{' '}
                  <span style={{ color: token.colorTextSecondary }}>· {account.role}</span>
                  <br />
                  <code style={{ fontSize: token.fontSizeSM }}>
                    {account.email} / {account.password}
                  </code>
                </div>
                <Button size="small" onClick={() => onUse(account)} aria-label={`Use ${account.email}`}>
                  Use
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
