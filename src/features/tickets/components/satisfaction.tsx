/**
 * Satisfaction (CSAT, DESIGN §10): the requester's "How did we do?" once their request is
 * solved — good or bad, an optional comment, sent once — and the rating as everyone allowed
 * sees it afterwards (the requester on their request, staff on the ticket). A link from the
 * solved email (`?rate=good` / `?rate=bad`) opens the prompt with that answer chosen.
 */
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import DislikeOutlined from '@ant-design/icons/DislikeOutlined';
import LikeOutlined from '@ant-design/icons/LikeOutlined';
import { LiveError } from '@/components/live-error';
import { PresetTag } from '@/components/preset-tag';
import { MAX_RATING_COMMENT, RATABLE_STATUSES, type SatisfactionScore } from '@/domain/satisfaction';
import type { Ticket } from '@/domain/types';
import { useRateTicketMutation, useWatchRatingQuery } from '@/features/tickets/api/rating-api';
import { outcomeOf } from '@/lib/store/mutation-outcome';
import { useFriendlyMessage } from '@/lib/i18n/labels';
import { useTimeFormat } from '@/lib/i18n/use-time-format';

const TEXT = defineMessages({
  title: { id: 'satisfaction.title', defaultMessage: 'Satisfaction' },
  what: { id: 'satisfaction.what', defaultMessage: 'the rating' },
  question: { id: 'satisfaction.question', defaultMessage: 'How did we do?' },
  good: { id: 'satisfaction.good', defaultMessage: 'Good, I’m satisfied' },
  bad: { id: 'satisfaction.bad', defaultMessage: 'Bad, I’m unsatisfied' },
  comment: { id: 'satisfaction.comment', defaultMessage: 'Anything to add? (optional)' },
  send: { id: 'satisfaction.send', defaultMessage: 'Send rating' },
  choose: { id: 'satisfaction.choose', defaultMessage: 'Choose good or bad first.' },
  thanks: { id: 'satisfaction.thanks', defaultMessage: 'Thank you for your rating.' },
  youRated: { id: 'satisfaction.youRated', defaultMessage: 'You rated this request' },
  requesterRated: { id: 'satisfaction.requesterRated', defaultMessage: 'The requester rated this ticket' },
  goodShort: { id: 'satisfaction.goodShort', defaultMessage: 'Good' },
  badShort: { id: 'satisfaction.badShort', defaultMessage: 'Bad' },
  none: { id: 'satisfaction.none', defaultMessage: 'Not rated yet.' },
});

function scoreParam(value: string | null): SatisfactionScore | undefined {
  return value === 'good' || value === 'bad' ? value : undefined;
}

/**
 * The satisfaction card of a ticket: the requester's prompt while they may rate, the rating once
 * given; for staff, the rating or "Not rated yet." once the ticket is solved. Nothing before that.
 * @param viewer `requester` on the customer's own request, `staff` on the agent's workspace.
 */
export function Satisfaction({ ticket, viewer }: { ticket: Ticket; viewer: 'requester' | 'staff' }) {
  const intl = useIntl();
  const time = useTimeFormat();
  const friendly = useFriendlyMessage();
  const [params] = useSearchParams();
  const ratable = RATABLE_STATUSES.includes(ticket.status);
  const { data } = useWatchRatingQuery(ticket.id, { skip: !ratable });
  const [rate, { isLoading }] = useRateTicketMutation();
  const [score, setScore] = useState<SatisfactionScore | undefined>(() => scoreParam(params.get('rate')));
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);
  if (!ratable) return null;
  const title = intl.formatMessage(TEXT.title);

  if (data?.error) {
    return (
      <Card size="small" title={title}>
        <LiveError error={data.error} what={intl.formatMessage(TEXT.what)} />
      </Card>
    );
  }
  if (data === undefined) return null;
  const rating = data.value;

  if (rating) {
    return (
      <Card size="small" title={title} data-testid="satisfaction-result">
        <Flex vertical gap={4}>
          <Typography.Text>
            <span style={{ marginInlineEnd: 8 }}>
              {intl.formatMessage(viewer === 'requester' ? TEXT.youRated : TEXT.requesterRated)}
            </span>
            <PresetTag color={rating.score === 'good' ? 'green' : 'red'}>
              {intl.formatMessage(rating.score === 'good' ? TEXT.goodShort : TEXT.badShort)}
            </PresetTag>
          </Typography.Text>
          {rating.comment && (
            <Typography.Paragraph dir="auto" style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {rating.comment}
            </Typography.Paragraph>
          )}
          <Typography.Text type="secondary">{time.dateTime(rating.createdAt)}</Typography.Text>
          {thanked && <Typography.Text role="status">{intl.formatMessage(TEXT.thanks)}</Typography.Text>}
        </Flex>
      </Card>
    );
  }

  if (viewer === 'staff') {
    return (
      <Card size="small" title={title} data-testid="satisfaction-none">
        <Typography.Text type="secondary">{intl.formatMessage(TEXT.none)}</Typography.Text>
      </Card>
    );
  }

  const send = async () => {
    if (!score) {
      setProblem(intl.formatMessage(TEXT.choose));
      return;
    }
    setProblem(null);
    const outcome = await outcomeOf(rate({ id: ticket.id, score, ...(comment.trim() ? { comment } : {}) }));
    if (outcome.ok) setThanked(true);
    // The choice and the comment stay as they were, to send again.
    else setProblem(friendly(outcome.error));
  };

  return (
    <Card size="small" title={title} data-testid="satisfaction-prompt">
      <Flex vertical gap={12}>
        <Typography.Text strong id={`rate-${ticket.id}`}>
          {intl.formatMessage(TEXT.question)}
        </Typography.Text>
        <Radio.Group
          aria-labelledby={`rate-${ticket.id}`}
          optionType="button"
          value={score}
          onChange={(event) => setScore(event.target.value as SatisfactionScore)}
          options={[
            {
              value: 'good',
              label: (
                <span>
                  <LikeOutlined aria-hidden /> {intl.formatMessage(TEXT.good)}
                </span>
              ),
            },
            {
              value: 'bad',
              label: (
                <span>
                  <DislikeOutlined aria-hidden /> {intl.formatMessage(TEXT.bad)}
                </span>
              ),
            },
          ]}
        />
        <Input.TextArea
          aria-label={intl.formatMessage(TEXT.comment)}
          placeholder={intl.formatMessage(TEXT.comment)}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={MAX_RATING_COMMENT}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
        />
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
        <div>
          <Button type="primary" loading={isLoading} onClick={() => void send()}>
            {intl.formatMessage(TEXT.send)}
          </Button>
        </div>
      </Flex>
    </Card>
  );
}
