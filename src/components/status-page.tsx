/**
 * A light status message — icon, title, explanation, actions — for the pages on the first
 * paint's path (errors, 403, 404, "cannot reach the database"). antd's `Result` would bring
 * its three large illustrations into the initial JS for every visitor.
 */
import type { ReactNode } from 'react';
import Flex from 'antd/es/flex';
import theme from 'antd/es/theme';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons/ExclamationCircleFilled';
import StopOutlined from '@ant-design/icons/StopOutlined';
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';

/** What kind of status: decides the icon and its colour. */
export type StatusKind = 'error' | 'warning' | 'forbidden' | 'not-found';

/** Props of {@link StatusPage}. */
export interface StatusPageProps {
  kind: StatusKind;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A centred status block; the title is a heading for screen readers and tests. */
export function StatusPage({ kind, title, children, actions }: StatusPageProps) {
  const { token } = theme.useToken();
  const icons: Record<StatusKind, ReactNode> = {
    error: <CloseCircleFilled style={{ color: token.colorError }} />,
    warning: <ExclamationCircleFilled style={{ color: token.colorWarning }} />,
    forbidden: <StopOutlined style={{ color: token.colorError }} />,
    'not-found': <QuestionCircleOutlined style={{ color: token.colorTextTertiary }} />,
  };
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 24px', textAlign: 'center' }} role="status">
      <div style={{ fontSize: 64, lineHeight: 1 }} aria-hidden>
        {icons[kind]}
      </div>
      <h1 style={{ margin: 0, color: token.colorText, fontSize: token.fontSizeHeading3, fontWeight: 600 }}>{title}</h1>
      {children && <p style={{ maxWidth: 560, margin: 0, color: token.colorTextSecondary }}>{children}</p>}
      {actions && (
        <Flex gap={8} wrap justify="center" style={{ marginTop: 8 }}>
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
