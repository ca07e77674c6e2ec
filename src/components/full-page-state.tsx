/** Whole-page states: starting up, and a themed centred frame for results. */
import type { ReactNode } from 'react';
import Flex from 'antd/es/flex';
import Spin from 'antd/es/spin';

/** A centred spinner with a label, for the moment before the backend has answered. */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} data-testid="full-page-spinner">
      <Spin size="large" tip={label}>
        <div style={{ padding: 48 }} />
      </Spin>
    </Flex>
  );
}

/** Centres its children on the whole page. */
export function FullPageFrame({ children }: { children: ReactNode }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
      {children}
    </Flex>
  );
}
