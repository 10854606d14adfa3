import { describe, expect, it } from 'vitest';
import { passwordSchema } from '../src/password';
import { passwordIssues } from '../src/password-rules';

/** The browser checks new passwords without zod: its answer must stay the API schema's, key for key. */
describe('passwordIssues', () => {
  it.each(['', 'a', 'aaa', 'abc', 'aaaaaaa', '1234567', 'fedcba', 'x'.repeat(300), 'abcdefgh'.repeat(40), 'Good-pass1'])(
    'reports what the API schema reports for %j',
    (value) => {
      const parsed = passwordSchema.safeParse(value);
      expect(passwordIssues(value)).toEqual(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message));
    },
  );
});
