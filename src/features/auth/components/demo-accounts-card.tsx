/**
 * Local mode only: the seeded demo people and their passwords, with a button that fills the
 * sign-in form. A Firebase build never contains them: the composition root passes the loader
 * (`src/app/backend.ts`, which alone knows which adapter this build has).
 */
import { useEffect, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import theme from 'antd/es/theme';
import { Panel } from '@/components/panel';
import type { Role } from '@/domain/roles';

/** A demo person shown on the sign-in page in local mode. */
export interface DemoAccount {
  role: Role;
  displayName: string;
  email: string;
  password: string;
}

/** Loads the demo accounts of this build; resolves `[]` when there are none (a Firebase build). */
export type LoadDemoAccounts = () => Promise<DemoAccount[]>;

/** The role beside each name, in lower case as it reads after the name. */
const ROLE_NOTE = defineMessages<Role>({
  customer: { id: 'auth.demoAccounts.role.customer', defaultMessage: 'customer' },
  agent: { id: 'auth.demoAccounts.role.agent', defaultMessage: 'agent' },
  admin: { id: 'auth.demoAccounts.role.admin', defaultMessage: 'admin' },
});

/** Lists the demo accounts `load` finds (nothing when none); `onUse` fills the form with one. */
export function DemoAccountsCard({ load, onUse }: { load: LoadDemoAccounts; onUse: (account: DemoAccount) => void }) {
  const { token } = theme.useToken();
  const intl = useIntl();
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
      <Panel
        title={<FormattedMessage id="auth.demoAccounts.title" defaultMessage="Demo accounts (local mode)" />}
        heading="h2"
      >
        <p style={{ marginTop: 0, color: token.colorTextSecondary }}>
          <FormattedMessage
            id="auth.demoAccounts.intro"
            defaultMessage="This build keeps its data in your browser. Sign in with one of these, or create your own account."
          />
        </p>
        <ul
          aria-label={intl.formatMessage({ id: 'auth.demoAccounts.listLabel', defaultMessage: 'Demo accounts' })}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {accounts.map((account) => (
            <li key={account.email} className="triage-demo-account" style={{ padding: '6px 0' }}>
              <Flex justify="space-between" align="center" gap={8}>
                <div>
                  <FormattedMessage
                    id="auth.demoAccounts.person"
                    defaultMessage="<name>{displayName}</name> <muted>· {role}</muted>"
                    values={{
                      displayName: account.displayName,
                      role: intl.formatMessage(ROLE_NOTE[account.role]),
                      name: (chunks) => <strong dir="auto">{chunks}</strong>,
                      muted: (chunks) => <span style={{ color: token.colorTextSecondary }}>{chunks}</span>,
                    }}
                  />
                  <br />
                  <code dir="auto" style={{ fontSize: token.fontSizeSM }}>
                    <FormattedMessage
                      id="auth.demoAccounts.credentials"
                      defaultMessage="{email} / {password}"
                      values={{ email: account.email, password: account.password }}
                    />
                  </code>
                </div>
                <Button
                  size="small"
                  onClick={() => onUse(account)}
                  aria-label={intl.formatMessage(
                    { id: 'auth.demoAccounts.useLabel', defaultMessage: 'Use {email}' },
                    { email: account.email },
                  )}
                >
                  <FormattedMessage id="auth.demoAccounts.use" defaultMessage="Use" />
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
