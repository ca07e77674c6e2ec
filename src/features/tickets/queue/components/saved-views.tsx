/**
 * Saved personal views: the agent names the queue's current view, filters and order,
 * and finds it again next to the built-in views. Kept per person in the persisted
 * preferences; each can be removed.
 */
import { memo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import { useAppDispatch, useAppSelector } from '@/lib/store/store-hooks';
import { newClientId } from '@/lib/ids';
import {
  queueViewRemoved,
  queueViewSaved,
  selectSavedViews,
  type QueuePreferencesRootState,
} from '@/features/tickets/queue/slice/queue-preferences-slice';

/** Longest saved view name (the preferences slice cuts longer ones). */
const MAX_SAVED_VIEW_NAME = 40;

/** The remove button's mark: a symbol, the same in every language (its `aria-label` says what it does). */
const REMOVE_MARK = '×';

/**
 * The saved views of the signed-in agent, and "Save view".
 * @param uid whose views these are.
 * @param current the queue's query string without the page cursor: what "Save view" keeps,
 *   and how the active saved view is recognised.
 * @param onOpen called with a saved view's query string when it is chosen.
 */
export const QueueSavedViews = memo(function QueueSavedViews({
  uid,
  current,
  onOpen,
}: {
  uid: string;
  current: string;
  onOpen: (search: string) => void;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const views = useAppSelector((state: QueuePreferencesRootState) => selectSavedViews(state, uid));
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');

  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    dispatch(queueViewSaved({ uid, view: { id: newClientId(), name: trimmed, search: current } }));
    setName('');
    setNaming(false);
  };

  return (
    <Flex
      wrap
      gap={8}
      align="center"
      role="group"
      aria-label={intl.formatMessage({ id: 'queue.savedViews.label', defaultMessage: 'Saved views' })}
    >
      {views.map((view) => {
        const active = view.search === current;
        return (
          <Tag
            key={view.id}
            color={active ? 'processing' : undefined}
            closable
            closeIcon={
              <span
                aria-label={intl.formatMessage(
                  { id: 'queue.savedViews.remove', defaultMessage: 'Remove saved view {name}' },
                  { name: view.name },
                )}
              >
                {REMOVE_MARK}
              </span>
            }
            onClose={(event) => {
              event.preventDefault();
              dispatch(queueViewRemoved({ uid, id: view.id }));
            }}
            style={{ marginInlineEnd: 0, paddingBlock: 2 }}
          >
            <button
              type="button"
              dir="auto"
              aria-pressed={active}
              onClick={() => onOpen(view.search)}
              style={{
                border: 0,
                background: 'none',
                padding: 0,
                font: 'inherit',
                color: 'inherit',
                cursor: 'pointer',
              }}
            >
              {view.name}
            </button>
          </Tag>
        );
      })}
      {naming ? (
        <Flex gap={4}>
          <Input
            size="small"
            aria-label={intl.formatMessage({ id: 'queue.savedViews.name', defaultMessage: 'Name of the saved view' })}
            placeholder={intl.formatMessage({
              id: 'queue.savedViews.namePlaceholder',
              defaultMessage: 'Name this view',
            })}
            autoFocus
            maxLength={MAX_SAVED_VIEW_NAME}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onPressEnter={save}
            onKeyDown={(event) => event.key === 'Escape' && setNaming(false)}
            style={{ width: 180 }}
          />
          <Button size="small" type="primary" onClick={save} disabled={!name.trim()}>
            <FormattedMessage id="queue.savedViews.save" defaultMessage="Save" />
          </Button>
          <Button size="small" onClick={() => setNaming(false)}>
            <FormattedMessage id="queue.savedViews.cancel" defaultMessage="Cancel" />
          </Button>
        </Flex>
      ) : (
        <Button size="small" type="dashed" onClick={() => setNaming(true)}>
          <FormattedMessage id="queue.savedViews.saveView" defaultMessage="Save view…" />
        </Button>
      )}
    </Flex>
  );
});
