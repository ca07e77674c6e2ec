/**
 * Local mode only: the seeded demo people and their passwords, with a button that fills the
 * sign-in form. A Firebase build never contains them.
 */
import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import List from 'antd/es/list';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { loadDemoAccounts, type DemoAccount } from '@/app/backend';

/** Lists the demo accounts; `onUse` fills the form with one. */
export function DemoAccountsCard({ onUse }: { onUse: (account: DemoAccount) => void }) {
  const [accounts, setAccounts] = useState<DemoAccount[]>([]);
  useEffect(() => {
    let live = true;
    void loadDemoAccounts().then((loaded) => live && setAccounts(loaded));
    return () => {
      live = false;
    };
  }, []);
  if (accounts.length === 0) return null;
  return (
    <Card size="small" title="Demo accounts (local mode)" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        This build keeps its data in your browser. Sign in as any of these, or create your own account.
      </Typography.Paragraph>
      <List
        size="small"
        dataSource={accounts}
        renderItem={(account) => (
          <List.Item
            actions={[
              <Button key="use" size="small" onClick={() => onUse(account)} aria-label={`Use ${account.email}`}>
                Use
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <>
                  {account.displayName} <Tag>{account.role}</Tag>
                </>
              }
              description={
                <Typography.Text code copyable={{ text: account.password }}>
                  {account.email} / {account.password}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
