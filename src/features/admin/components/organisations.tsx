/**
 * The admin screen's organisations (DESIGN §1 "Organisations"): the live list by name, each with
 * its domains and notes, "Edit" and "Delete"; "New organisation" and editing open one dialog
 * whose fields are checked as typed (a domain that is not one is named) and whose refusals by
 * trusted code (a name or domain another organisation has) are said in it, keeping what was typed.
 */
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { LiveError } from '@/components/live-error';
import type { ErrorShape } from '@/domain/errors/errors';
import {
  ORGANISATION_DOMAINS_LIMIT,
  ORGANISATION_NAME_MAX,
  ORGANISATION_NOTES_MAX,
  organisationDomainSchema,
  type Organisation,
} from '@/domain/organisations';
import { useDeleteOrganisationMutation, useSaveOrganisationMutation } from '@/features/admin/api/users-api';
import { useFriendlyMessage } from '@/lib/i18n/labels';
import { outcomeOf, useMutationFeedback } from '@/lib/store/mutation-outcome';
import { useWatchOrganisationsQuery } from '@/lib/store/people-api';
import { usePhoneLayout } from '@/lib/use-media-query';

const TEXT = defineMessages({
  add: { id: 'admin.organisations.add', defaultMessage: 'New organisation' },
  what: { id: 'admin.organisations.what', defaultMessage: 'organisations' },
  none: {
    id: 'admin.organisations.none',
    defaultMessage: 'No organisations yet. Add the companies your customers work for.',
  },
  listLabel: { id: 'admin.organisations.listLabel', defaultMessage: 'Organisations' },
  newTitle: { id: 'admin.organisations.newTitle', defaultMessage: 'New organisation' },
  editTitle: { id: 'admin.organisations.editTitle', defaultMessage: 'Edit {name}' },
  name: { id: 'admin.organisations.name', defaultMessage: 'Name' },
  nameMissing: { id: 'admin.organisations.nameMissing', defaultMessage: 'Give the organisation a name.' },
  domains: { id: 'admin.organisations.domains', defaultMessage: 'Email domains' },
  domainsHelp: {
    id: 'admin.organisations.domainsHelp',
    defaultMessage:
      'The domains of its people’s addresses, e.g. acme.com, separated by commas or lines; up to {max}. A customer whose verified address has one joins it.',
  },
  notADomain: {
    id: 'admin.organisations.notADomain',
    defaultMessage: '{count, plural, one {Not a domain} other {Not domains}}: {domains}. Write them as example.com.',
  },
  tooManyDomains: {
    id: 'admin.organisations.tooManyDomains',
    defaultMessage: 'That is {count} domains: an organisation claims at most {max}.',
  },
  notes: { id: 'admin.organisations.notes', defaultMessage: 'Notes (seen by agents and admins only)' },
  shareTickets: {
    id: 'admin.organisations.shareTickets',
    defaultMessage: 'Members see each other’s requests',
  },
  shareTicketsHelp: {
    id: 'admin.organisations.shareTicketsHelp',
    defaultMessage: 'They read them in their portal, never reply to them. Internal notes stay hidden.',
  },
  shared: { id: 'admin.organisations.shared', defaultMessage: 'Requests shared among members' },
  save: { id: 'admin.organisations.save', defaultMessage: 'Save' },
  cancel: { id: 'admin.organisations.cancel', defaultMessage: 'Cancel' },
  saved: { id: 'admin.organisations.saved', defaultMessage: '{name} is saved.' },
  edit: { id: 'admin.organisations.edit', defaultMessage: 'Edit' },
  editLabel: { id: 'admin.organisations.editLabel', defaultMessage: 'Edit {name}' },
  delete: { id: 'admin.organisations.delete', defaultMessage: 'Delete' },
  deleteLabel: { id: 'admin.organisations.deleteLabel', defaultMessage: 'Delete {name}' },
  deleteTitle: { id: 'admin.organisations.deleteTitle', defaultMessage: 'Delete {name}?' },
  deleteEffect: {
    id: 'admin.organisations.deleteEffect',
    defaultMessage: 'Its members stay, in no organisation. Their tickets are not changed.',
  },
  deleted: { id: 'admin.organisations.deleted', defaultMessage: '{name} is deleted.' },
  noDomains: { id: 'admin.organisations.noDomains', defaultMessage: 'No domains' },
});

/** What the dialog's form holds: the domains as typed, split when saved. */
interface OrganisationValues {
  name: string;
  domains: string;
  notes: string;
  shareTickets: boolean;
}

/** The typed domains, split at commas, semicolons, spaces and lines; empty pieces dropped. */
function typedDomains(typed: string | undefined): string[] {
  return (typed ?? '').split(/[\s,;]+/).filter(Boolean);
}

/** The typed domains as stored (normalised, each once), or the pieces that are not domains. */
function readDomains(typed: string | undefined): { domains: string[]; bad: string[] } {
  const domains: string[] = [];
  const bad: string[] = [];
  for (const piece of typedDomains(typed)) {
    const parsed = organisationDomainSchema.safeParse(piece);
    if (!parsed.success) bad.push(piece);
    else if (!domains.includes(parsed.data)) domains.push(parsed.data);
  }
  return { domains, bad };
}

/** The new-or-edit dialog; `organisation` absent: a new one. */
function OrganisationDialog({ organisation, onClose }: { organisation?: Organisation; onClose: () => void }) {
  const intl = useIntl();
  const friendly = useFriendlyMessage();
  const { message } = App.useApp();
  const [save, { isLoading }] = useSaveOrganisationMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [form] = Form.useForm<OrganisationValues>();

  const submit = async ({ name, domains, notes, shareTickets }: OrganisationValues) => {
    setProblem(null);
    const outcome = await outcomeOf(
      save({
        ...(organisation && { id: organisation.id }),
        organisation: {
          name,
          domains: readDomains(domains).domains,
          notes: notes ?? '',
          shareTickets: shareTickets === true,
        },
      }),
    );
    if (!outcome.ok) return setProblem(friendly(outcome.error));
    void message.success(intl.formatMessage(TEXT.saved, { name: name.trim() }));
    onClose();
  };

  return (
    <Modal
      open
      title={
        organisation
          ? intl.formatMessage(TEXT.editTitle, { name: organisation.name })
          : intl.formatMessage(TEXT.newTitle)
      }
      onCancel={onClose}
      okText={intl.formatMessage(TEXT.save)}
      cancelText={intl.formatMessage(TEXT.cancel)}
      okButtonProps={{ loading: isLoading }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<OrganisationValues>
        form={form}
        layout="vertical"
        initialValues={{
          name: organisation?.name ?? '',
          domains: organisation?.domains.join(', ') ?? '',
          notes: organisation?.notes ?? '',
          shareTickets: organisation?.shareTickets ?? false,
        }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={intl.formatMessage(TEXT.name)}
          rules={[{ required: true, whitespace: true, message: intl.formatMessage(TEXT.nameMissing) }]}
        >
          <Input maxLength={ORGANISATION_NAME_MAX} showCount dir="auto" autoFocus />
        </Form.Item>
        <Form.Item
          name="domains"
          label={intl.formatMessage(TEXT.domains)}
          extra={intl.formatMessage(TEXT.domainsHelp, { max: ORGANISATION_DOMAINS_LIMIT })}
          rules={[
            {
              validator: async (_rule, typed: string | undefined) => {
                const { domains, bad } = readDomains(typed);
                if (bad.length > 0)
                  throw new Error(intl.formatMessage(TEXT.notADomain, { count: bad.length, domains: bad.join(', ') }));
                if (domains.length > ORGANISATION_DOMAINS_LIMIT)
                  throw new Error(
                    intl.formatMessage(TEXT.tooManyDomains, { count: domains.length, max: ORGANISATION_DOMAINS_LIMIT }),
                  );
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} dir="ltr" />
        </Form.Item>
        <Form.Item name="notes" label={intl.formatMessage(TEXT.notes)}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            maxLength={ORGANISATION_NOTES_MAX}
            showCount
            dir="auto"
          />
        </Form.Item>
        <Form.Item name="shareTickets" valuePropName="checked" extra={intl.formatMessage(TEXT.shareTicketsHelp)}>
          <Checkbox>{intl.formatMessage(TEXT.shareTickets)}</Checkbox>
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon role="alert" message={problem} />}
    </Modal>
  );
}

/** One organisation: name, domains, notes; "Edit" and "Delete". */
function OrganisationItem({
  organisation,
  onEdit,
}: {
  organisation: Organisation;
  onEdit: (organisation: Organisation) => void;
}) {
  const intl = useIntl();
  const { modal } = App.useApp();
  const runWithFeedback = useMutationFeedback();
  const [remove, { isLoading: removing }] = useDeleteOrganisationMutation();
  const { name } = organisation;
  return (
    <List.Item
      data-testid="organisation"
      actions={[
        <Button
          key="edit"
          aria-label={intl.formatMessage(TEXT.editLabel, { name })}
          onClick={() => onEdit(organisation)}
        >
          {intl.formatMessage(TEXT.edit)}
        </Button>,
        <Button
          key="delete"
          danger
          disabled={removing}
          aria-label={intl.formatMessage(TEXT.deleteLabel, { name })}
          onClick={() =>
            modal.confirm({
              title: intl.formatMessage(TEXT.deleteTitle, { name }),
              content: intl.formatMessage(TEXT.deleteEffect),
              okText: intl.formatMessage(TEXT.delete),
              okButtonProps: { danger: true },
              cancelText: intl.formatMessage(TEXT.cancel),
              onOk: () => void runWithFeedback(remove(organisation.id), intl.formatMessage(TEXT.deleted, { name })),
            })
          }
        >
          {intl.formatMessage(TEXT.delete)}
        </Button>,
      ]}
    >
      <List.Item.Meta
        title={
          <span dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </span>
        }
        description={
          <Flex vertical gap={4}>
            <Flex gap={4} wrap>
              {organisation.domains.length > 0 ? (
                organisation.domains.map((domain) => (
                  <Tag key={domain} style={{ marginInlineEnd: 0 }} dir="ltr">
                    {domain}
                  </Tag>
                ))
              ) : (
                <Typography.Text type="secondary">{intl.formatMessage(TEXT.noDomains)}</Typography.Text>
              )}
            </Flex>
            {organisation.shareTickets && (
              <Typography.Text type="secondary" data-testid="organisation-shares">
                {intl.formatMessage(TEXT.shared)}
              </Typography.Text>
            )}
            {organisation.notes && (
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }} dir="auto">
                {organisation.notes}
              </Typography.Paragraph>
            )}
          </Flex>
        }
      />
    </List.Item>
  );
}

/** The organisations section of the admin screen. */
export function OrganisationsSection() {
  const intl = useIntl();
  const { data } = useWatchOrganisationsQuery();
  // `null`: a new organisation; an organisation: editing it; undefined: no dialog.
  const [editing, setEditing] = useState<Organisation | null | undefined>(undefined);
  const phone = usePhoneLayout();
  return (
    <Flex vertical gap="middle">
      {editing !== undefined && (
        <OrganisationDialog {...(editing && { organisation: editing })} onClose={() => setEditing(undefined)} />
      )}
      <Flex justify="end">
        <Button type="primary" onClick={() => setEditing(null)}>
          {intl.formatMessage(TEXT.add)}
        </Button>
      </Flex>
      {data?.error ? (
        <LiveError error={data.error as ErrorShape} what={intl.formatMessage(TEXT.what)} />
      ) : (
        <section aria-label={intl.formatMessage(TEXT.listLabel)}>
          <List<Organisation>
            itemLayout={phone ? 'vertical' : 'horizontal'}
            loading={!data}
            dataSource={data?.value ?? []}
            locale={{ emptyText: <Typography.Text type="secondary">{intl.formatMessage(TEXT.none)}</Typography.Text> }}
            renderItem={(organisation) => (
              <OrganisationItem key={organisation.id} organisation={organisation} onEdit={setEditing} />
            )}
          />
        </section>
      )}
    </Flex>
  );
}
