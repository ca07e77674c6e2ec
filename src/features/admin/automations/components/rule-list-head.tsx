/**
 * The head of a list of the automations screen (DESIGN §10), the triggers' and the recurring
 * tickets' alike: the intro, a placeholder while the list loads, the list's load error, how many it holds of its limit, a warning when
 * it is full (said before a save would be refused), the editor of a new one, and the line shown
 * while it is empty.
 */
import type { ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { LiveError } from '@/components/live-error';
import type { ErrorShape } from '@/domain/errors/errors';

/** What the head shows; a text left `null` is not shown. */
export interface RuleListHeadProps {
  intro: string;
  /** The live list's error, and what failed to load ("the triggers"). */
  error: ErrorShape | null | undefined;
  loadWhat: string;
  /** True until the list has loaded or failed: a placeholder stands where the list will be. */
  loading: boolean;
  /** "4 triggers of at most 200." once the list is loaded. */
  count: string | null;
  /** The warning of a full list. */
  full: string | null;
  /** The editor of a new one, above the list. */
  editor: ReactNode;
  /** The line of an empty list (loaded, nothing being edited). */
  empty: string | null;
}

/** The head of an automations list: see {@link RuleListHeadProps}. */
export function RuleListHead({ intro, error, loadWhat, loading, count, full, editor, empty }: RuleListHeadProps) {
  return (
    <>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {error && <LiveError error={error} what={loadWhat} />}
      {loading && <Skeleton active title={false} paragraph={{ rows: 2 }} />}
      {count !== null && <Typography.Paragraph>{count}</Typography.Paragraph>}
      {full !== null && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={full} />}
      {editor && <div style={{ marginBottom: 16 }}>{editor}</div>}
      {empty !== null && <Typography.Paragraph>{empty}</Typography.Paragraph>}
    </>
  );
}
