/**
 * Bridges zod schemas (DESIGN §3 limits, `src/domain/schemas.ts`) to antd `Form` rules, so a
 * form shows exactly the messages the backend would give.
 */
import type { z } from 'zod/mini';

/** An antd Form rule that validates a field's value with a zod schema. */
export function zodRule(schema: z.ZodMiniType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'This value is not valid.');
    },
  };
}
