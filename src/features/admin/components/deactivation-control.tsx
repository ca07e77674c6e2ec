/**
 * The people list's deactivate and reactivate controls (DESIGN §1 "Deactivated people"): a
 * deactivation asks, in one dialog, what becomes of the person's open tickets — unassigned, or
 * all to one active colleague — and says that they are signed out at once; a reactivation asks
 * first too. Refusals (yourself, the last admin) come back from the backend as its sentences.
 */
import { useId, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import type { UserProfile } from '@/domain/types';
import { isStaff } from '@/domain/roles';
import { useSetDeactivatedMutation } from '@/features/admin/api/users-api';
import { useWatchStaffQuery } from '@/lib/store/people-api';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';

const TEXT = defineMessages({
  deactivate: { id: 'admin.deactivate.open', defaultMessage: 'Deactivate…' },
  deactivateLabel: { id: 'admin.deactivate.openLabel', defaultMessage: 'Deactivate {name}' },
  title: { id: 'admin.deactivate.title', defaultMessage: 'Deactivate {name}?' },
  effect: {
    id: 'admin.deactivate.effect',
    defaultMessage:
      'They are signed out at once and cannot sign in again until an admin reactivates them. What they wrote and did stays, under their name.',
  },
  tickets: { id: 'admin.deactivate.tickets', defaultMessage: 'Their open tickets' },
  unassign: { id: 'admin.deactivate.unassign', defaultMessage: 'Unassign them' },
  reassignTo: { id: 'admin.deactivate.reassignTo', defaultMessage: 'Reassign them all to {name}' },
  confirm: { id: 'admin.deactivate.confirm', defaultMessage: 'Deactivate' },
  cancel: { id: 'admin.deactivate.cancel', defaultMessage: 'Cancel' },
  done: {
    id: 'admin.deactivate.done',
    defaultMessage:
      '{name} is deactivated. {count, plural, =0 {They held no open tickets.} one {# open ticket moved.} other {# open tickets moved.}}',
  },
  reactivate: { id: 'admin.reactivate.open', defaultMessage: 'Reactivate' },
  reactivateLabel: { id: 'admin.reactivate.openLabel', defaultMessage: 'Reactivate {name}' },
  reactivateTitle: { id: 'admin.reactivate.title', defaultMessage: 'Reactivate {name}?' },
  reactivateEffect: {
    id: 'admin.reactivate.effect',
    defaultMessage:
      'They can sign in again, with their role as it was. Their former tickets stay with whoever has them now.',
  },
  reactivateDone: { id: 'admin.reactivate.done', defaultMessage: '{name} can sign in again.' },
});

/**
 * Deactivate or reactivate `person`; not shown on one's own row. Deactivating calls `onDeactivate`:
 * the list keeps its dialog outside the rows, which it draws again as it loads.
 */
export function DeactivationControl({
  person,
  onDeactivate,
}: {
  person: UserProfile;
  onDeactivate: (person: UserProfile) => void;
}) {
  const intl = useIntl();
  const { modal } = App.useApp();
  const runWithFeedback = useMutationFeedback();
  const [setDeactivated, { isLoading }] = useSetDeactivatedMutation();
  const name = person.displayName;

  if (person.deactivated) {
    return (
      <Button
        disabled={isLoading}
        aria-label={intl.formatMessage(TEXT.reactivateLabel, { name })}
        onClick={() =>
          modal.confirm({
            title: intl.formatMessage(TEXT.reactivateTitle, { name }),
            content: intl.formatMessage(TEXT.reactivateEffect),
            okText: intl.formatMessage(TEXT.reactivate),
            cancelText: intl.formatMessage(TEXT.cancel),
            onOk: () =>
              void runWithFeedback(
                setDeactivated({ uid: person.uid, deactivated: false }),
                intl.formatMessage(TEXT.reactivateDone, { name }),
              ),
          })
        }
      >
        {intl.formatMessage(TEXT.reactivate)}
      </Button>
    );
  }
  return (
    <Button
      danger
      disabled={isLoading}
      aria-label={intl.formatMessage(TEXT.deactivateLabel, { name })}
      onClick={() => onDeactivate(person)}
    >
      {intl.formatMessage(TEXT.deactivate)}
    </Button>
  );
}

/** The open tickets' choice's value for "unassign" (a colleague's is their uid). */
const UNASSIGN = '\u0000unassign';

/** The deactivation's dialog: what it does, and where the open tickets go (one choice). */
export function DeactivateDialog({ person, onClose }: { person: UserProfile; onClose: () => void }) {
  const intl = useIntl();
  const runWithFeedback = useMutationFeedback();
  const [setDeactivated, { isLoading }] = useSetDeactivatedMutation();
  const { data: staff } = useWatchStaffQuery();
  const [target, setTarget] = useState<string>(UNASSIGN);
  const labelId = useId();
  const name = person.displayName;
  const colleagues = (staff?.value ?? []).filter(
    (each) => each.uid !== person.uid && isStaff(each.role) && !each.deactivated,
  );

  const submit = async () => {
    const outcome = await runWithFeedback(
      setDeactivated({
        uid: person.uid,
        deactivated: true,
        openTickets: target === UNASSIGN ? { kind: 'unassign' } : { kind: 'reassign', assigneeId: target },
      }),
      (result: { ticketsMoved: number }) => intl.formatMessage(TEXT.done, { name, count: result.ticketsMoved }),
    );
    if (outcome.ok) onClose();
  };

  return (
    <Modal
      open
      title={intl.formatMessage(TEXT.title, { name })}
      okText={intl.formatMessage(TEXT.confirm)}
      okButtonProps={{ danger: true, loading: isLoading }}
      cancelText={intl.formatMessage(TEXT.cancel)}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph style={{ margin: 0 }}>{intl.formatMessage(TEXT.effect)}</Typography.Paragraph>
        <Flex vertical gap={4}>
          <Typography.Text strong id={labelId}>
            {intl.formatMessage(TEXT.tickets)}
          </Typography.Text>
          <Select<string>
            aria-labelledby={labelId}
            virtual={false}
            value={target}
            onChange={setTarget}
            options={[
              { value: UNASSIGN, label: intl.formatMessage(TEXT.unassign) },
              ...colleagues.map((each) => ({
                value: each.uid,
                label: intl.formatMessage(TEXT.reassignTo, { name: each.displayName }),
              })),
            ]}
            style={{ width: '100%' }}
          />
        </Flex>
      </Flex>
    </Modal>
  );
}
