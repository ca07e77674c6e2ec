/**
 * Input schemas at every DESIGN §3 limit, on both sides of the boundary. Refusals must be
 * sentences a person can read, not zod's default wording.
 */
import type { z } from 'zod/mini';
import {
  attachmentFileSchema,
  attachmentListSchema,
  bodySchema,
  displayNameSchema,
  emailSchema,
  firstIssueMessage,
  newMessageSchema,
  newTicketSchema,
  passwordSchema,
  signUpSchema,
  subjectSchema,
  tagSchema,
  tagsSchema,
} from '@/domain/schemas';

const MB = 1024 * 1024;

/** The first message a schema gives for a value it must refuse. */
function refusal(schema: z.ZodMiniType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be refused`);
  return firstIssueMessage(result.error);
}

function accepts(schema: z.ZodMiniType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

/** A sentence: starts with a capital letter, ends with a full stop, no zod jargon. */
function expectSentence(message: string): void {
  expect(message).toMatch(/^[A-Z].*\.$/);
  expect(message).not.toMatch(/expected|Too (small|big)|Invalid input/i);
}

const file = (overrides: Partial<{ name: string; size: number; contentType: string }> = {}) => ({
  name: 'screenshot.png',
  size: 1024,
  contentType: 'image/png',
  ...overrides,
});

describe('subject (3–150 characters)', () => {
  it('refuses 2 characters', () => {
    const message = refusal(subjectSchema, 'ab');
    expect(message).toBe('The subject needs at least 3 characters.');
    expectSentence(message);
  });

  it('accepts 3 characters', () => {
    expect(accepts(subjectSchema, 'abc')).toBe(true);
  });

  it('accepts 150 characters', () => {
    expect(accepts(subjectSchema, 'a'.repeat(150))).toBe(true);
  });

  it('refuses 151 characters', () => {
    const message = refusal(subjectSchema, 'a'.repeat(151));
    expect(message).toBe('The subject has at most 150 characters.');
    expectSentence(message);
  });

  it('counts characters after trimming', () => {
    expect(refusal(subjectSchema, '   ab   ')).toBe('The subject needs at least 3 characters.');
    expect(subjectSchema.parse(`  ${'a'.repeat(150)}  `)).toBe('a'.repeat(150));
  });
});

describe('message body (1–10 000 characters)', () => {
  it('refuses an empty body', () => {
    const message = refusal(bodySchema, '');
    expect(message).toBe('Write a message.');
    expectSentence(message);
  });

  it('accepts 1 character', () => {
    expect(accepts(bodySchema, 'a')).toBe(true);
  });

  it('accepts 10 000 characters', () => {
    expect(accepts(bodySchema, 'a'.repeat(10_000))).toBe(true);
  });

  it('refuses 10 001 characters', () => {
    const message = refusal(bodySchema, 'a'.repeat(10_001));
    expect(message).toBe('A message has at most 10,000 characters.');
    expectSentence(message);
  });

  it('refuses a body of only whitespace', () => {
    expect(refusal(bodySchema, ' \n\t  ')).toBe('Write a message.');
  });

  it('applies to a new request’s description and to a new message', () => {
    expect(refusal(newTicketSchema, { subject: 'Printer', description: '  ', priority: 'normal' })).toBe(
      'Write a message.',
    );
    expect(refusal(newMessageSchema, { body: '', internal: false })).toBe('Write a message.');
  });
});

describe('tags (≤ 10, each ≤ 30 characters of [a-z0-9-])', () => {
  const tags = (count: number) => Array.from({ length: count }, (_, i) => `tag-${i}`);

  it('accepts 10 tags', () => {
    expect(accepts(tagsSchema, tags(10))).toBe(true);
  });

  it('refuses 11 tags', () => {
    const message = refusal(tagsSchema, tags(11));
    expect(message).toBe('At most 10 tags.');
    expectSentence(message);
  });

  it('accepts a tag of 30 characters', () => {
    expect(accepts(tagSchema, 'a'.repeat(30))).toBe(true);
  });

  it('refuses a tag of 31 characters', () => {
    const message = refusal(tagSchema, 'a'.repeat(31));
    expect(message).toBe('A tag has at most 30 characters.');
    expectSentence(message);
  });

  it('accepts lowercase letters, digits and hyphens', () => {
    expect(accepts(tagSchema, 'vip-customer-2')).toBe(true);
  });

  it.each([
    ['uppercase letters', 'Billing'],
    ['a space', 'two words'],
    ['an underscore', 'snake_case'],
    ['an accent', 'café'],
  ])('refuses a tag with %s', (_, tag) => {
    const message = refusal(tagSchema, tag);
    expect(message).toBe('Tags use lowercase letters, digits and hyphens only.');
    expectSentence(message);
  });

  it('refuses an empty tag', () => {
    expectSentence(refusal(tagSchema, ''));
  });

  it('refuses a bad tag inside a list', () => {
    expect(refusal(tagsSchema, ['ok', 'Not OK'])).toBe('Tags use lowercase letters, digits and hyphens only.');
  });
});

describe('attachments (≤ 5 per message, ≤ 10 MB each, allowed types)', () => {
  it('accepts a file of exactly 10 MB', () => {
    expect(accepts(attachmentFileSchema, file({ size: 10 * MB }))).toBe(true);
  });

  it('refuses a file one byte over 10 MB', () => {
    const message = refusal(attachmentFileSchema, file({ size: 10 * MB + 1 }));
    expect(message).toBe('A file may be at most 10 MB.');
    expectSentence(message);
  });

  it.each([
    'image/png',
    'image/jpeg',
    'application/pdf',
    'text/plain',
    'text/csv',
    'application/zip',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ])('accepts a %s file', (contentType) => {
    expect(accepts(attachmentFileSchema, file({ contentType }))).toBe(true);
  });

  it.each(['application/x-msdownload', 'text/html', 'application/javascript', ''])(
    'refuses a file of type "%s"',
    (contentType) => {
      const message = refusal(attachmentFileSchema, file({ contentType }));
      expect(message).toBe('This type of file cannot be attached.');
      expectSentence(message);
    },
  );

  it('accepts 5 files', () => {
    expect(
      accepts(
        attachmentListSchema,
        Array.from({ length: 5 }, () => file()),
      ),
    ).toBe(true);
  });

  it('refuses 6 files', () => {
    const message = refusal(
      attachmentListSchema,
      Array.from({ length: 6 }, () => file()),
    );
    expect(message).toBe('At most 5 files per message.');
    expectSentence(message);
  });

  it('refuses a list with one file too large', () => {
    expect(refusal(attachmentListSchema, [file(), file({ size: 10 * MB + 1 })])).toBe('A file may be at most 10 MB.');
  });
});

describe('display name (1–80 characters)', () => {
  it('refuses an empty name', () => {
    const message = refusal(displayNameSchema, '');
    expect(message).toBe('Enter your name.');
    expectSentence(message);
  });

  it('refuses a name of only spaces', () => {
    expect(refusal(displayNameSchema, '   ')).toBe('Enter your name.');
  });

  it('accepts 80 characters', () => {
    expect(accepts(displayNameSchema, 'a'.repeat(80))).toBe(true);
  });

  it('refuses 81 characters', () => {
    const message = refusal(displayNameSchema, 'a'.repeat(81));
    expect(message).toBe('Use at most 80 characters.');
    expectSentence(message);
  });

  it('trims the name', () => {
    expect(displayNameSchema.parse('  Ana Lopez  ')).toBe('Ana Lopez');
  });
});

describe('password (at least 8 characters)', () => {
  it('refuses 7 characters', () => {
    const message = refusal(passwordSchema, '1234567');
    expect(message).toBe('Use at least 8 characters.');
    expectSentence(message);
  });

  it('accepts 8 characters', () => {
    expect(accepts(passwordSchema, '12345678')).toBe(true);
  });
});

describe('email', () => {
  it('is trimmed and lowercased', () => {
    expect(emailSchema.parse('  Ana.Lopez@Example.COM \n')).toBe('ana.lopez@example.com');
  });

  it('refuses something that is not an address', () => {
    const message = refusal(emailSchema, 'ana-at-example');
    expect(message).toBe('Enter a valid email address.');
    expectSentence(message);
  });
});

describe('sign-up', () => {
  it('never carries a role: everyone who signs up is a customer', () => {
    const parsed = signUpSchema.parse({
      displayName: 'Ana',
      email: 'ana@example.com',
      password: 'correct horse',
      role: 'admin',
    });
    expect(parsed).toEqual({ displayName: 'Ana', email: 'ana@example.com', password: 'correct horse' });
  });
});
