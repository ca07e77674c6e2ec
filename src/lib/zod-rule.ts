/**
 * Bridges zod schemas (DESIGN §3 limits, `src/domain/schemas.ts`) to antd `Form` rules, so a
 * form refuses exactly what the backend would refuse — in the reader's language (DESIGN §8):
 * the domain's messages are English, so the form says what it means by the issue's code.
 */
import type { z } from 'zod/mini';

/** What a refused value's issue says, for the form's own sentence: zod's code and its bound. */
export interface FieldIssue {
  /** zod's issue code: `too_small`, `too_big`, `invalid_format`, … */
  code: string;
  /** The bound that was missed (characters for strings), for `too_small` / `too_big`. */
  limit?: number;
}

/**
 * An antd Form rule that validates a field's value with a zod schema.
 * @param describe turns the first issue into the sentence shown under the field (translated by
 *   the caller); the domain's English message is the fallback when it returns undefined.
 */
export function zodRule(schema: z.ZodMiniType, describe?: (issue: FieldIssue) => string | undefined) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (result.success) return;
      const issue = result.error.issues[0];
      const bound =
        issue && 'minimum' in issue ? issue.minimum : issue && 'maximum' in issue ? issue.maximum : undefined;
      const said = issue && describe?.({ code: issue.code, ...(typeof bound === 'number' ? { limit: bound } : {}) });
      throw new Error(said ?? issue?.message ?? 'This value is not valid.');
    },
  };
}
