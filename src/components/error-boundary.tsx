/**
 * Catches render errors (and failed lazy-chunk loads) below it and shows a themed page with a
 * way out, instead of a blank page.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import Button from 'antd/es/button';
import { StatusPage } from '@/components/status-page';
import { FormattedMessage } from 'react-intl';

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Changing this value clears a caught error (e.g. the route path). */
  resetKey?: string;
}

interface State {
  error: Error | null;
}

/** Shows what went wrong with "Try again" and "Reload" buttons. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Triage caught an error while rendering', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunkFailed =
      error.name === 'ChunkLoadError' || /Loading chunk|dynamically imported module/i.test(error.message);
    return (
      <StatusPage
        kind={chunkFailed ? 'warning' : 'error'}
        title={
          chunkFailed ? (
            <FormattedMessage id="app.chunkFailed.title" defaultMessage="This part of Triage could not be loaded" />
          ) : (
            <FormattedMessage id="app.crashed.title" defaultMessage="Something went wrong on this page" />
          )
        }
        actions={
          <>
            <Button type="primary" onClick={() => this.setState({ error: null })}>
              <FormattedMessage id="app.tryAgain" defaultMessage="Try again" />
            </Button>
            <Button onClick={() => window.location.reload()}>
              <FormattedMessage id="app.reload" defaultMessage="Reload Triage" />
            </Button>
          </>
        }
      >
        {chunkFailed ? (
          <FormattedMessage
            id="app.chunkFailed.body"
            defaultMessage="You may be offline, or Triage was just updated. Check your connection and try again."
          />
        ) : (
          error.message
        )}
      </StatusPage>
    );
  }
}
