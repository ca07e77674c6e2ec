/**
 * Why a tag is refused, in the reader's language (DESIGN §3's tag rules, DESIGN §8): the
 * translations of `tagSchema`'s and `tagsSchema`'s English, chosen by the zod issue, for the
 * ticket's tag field and the queue's bulk "Add tag" alike.
 */
import { defineMessages, type IntlShape } from 'react-intl';
import { LIMITS } from '@/domain/limits';

const TAG_PROBLEMS = defineMessages({
  empty: { id: 'tickets.tag.empty', defaultMessage: 'A tag cannot be empty.' },
  tooLong: { id: 'tickets.tag.tooLong', defaultMessage: 'A tag has at most {max} characters.' },
  format: { id: 'tickets.tag.format', defaultMessage: 'Tags use lowercase letters, digits and hyphens only.' },
  tooMany: { id: 'tickets.tag.tooMany', defaultMessage: 'At most {max} tags.' },
});

/** The part of a zod issue the sentence depends on. */
export interface TagIssue {
  code: string;
  path: readonly PropertyKey[];
}

/**
 * The sentence of the first refusal of the tag schemas.
 * @param ofList whether the issue is `tagsSchema`'s, where a `too_big` without a path is the
 *   list's (too many tags) and one with a path is a tag's (too long).
 */
export function tagIssueText(intl: IntlShape, issue: TagIssue | undefined, ofList = false): string {
  if (issue?.code === 'too_small') return intl.formatMessage(TAG_PROBLEMS.empty);
  if (issue?.code === 'too_big') {
    return ofList && issue.path.length === 0
      ? intl.formatMessage(TAG_PROBLEMS.tooMany, { max: LIMITS.tags.maxCount })
      : intl.formatMessage(TAG_PROBLEMS.tooLong, { max: LIMITS.tags.maxLength });
  }
  return intl.formatMessage(TAG_PROBLEMS.format);
}
