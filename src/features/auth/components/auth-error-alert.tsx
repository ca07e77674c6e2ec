/** The auth slice's last error as a themed alert (through `useFriendlyMessage`). */
import type { ReactNode } from 'react';
import Alert from 'antd/es/alert';
import { useAppDispatch, useAppSelector } from '@/lib/store/store-hooks';
import { authErrorCleared, selectFormError } from '@/features/auth/slice/auth-slice';
import { useFriendlyMessage } from '@/lib/i18n/labels';

/** Shows the last sign-in/sign-up error, if any; closing it clears it. */
export function AuthErrorAlert({ extra }: { extra?: (code: string) => ReactNode }) {
  const dispatch = useAppDispatch();
  const error = useAppSelector(selectFormError);
  const friendlyMessage = useFriendlyMessage();
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      closable
      onClose={() => dispatch(authErrorCleared())}
      message={friendlyMessage(error)}
      description={extra?.(error.code)}
      style={{ marginBottom: 16 }}
    />
  );
}
