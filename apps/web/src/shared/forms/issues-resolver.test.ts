import { describe, expect, it } from 'vitest';
import { issuesResolver } from './issues-resolver.ts';

type Values = { floor: string; comment: string };
const resolver = issuesResolver<Values>(({ floor, comment }) => ({
  floor: /^\d*$/.test(floor) ? undefined : 'floor.not-a-number',
  ...(comment.length > 3 ? { comment: 'comment.too-long' } : {}),
}));
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('issuesResolver', () => {
  it('passes the values through when the domain check finds nothing', async () => {
    expect(await resolver({ floor: '3', comment: '' }, undefined, options)).toEqual({
      values: { floor: '3', comment: '' },
      errors: {},
    });
  });

  it("gives each field with an issue an error whose type is the domain's issue code", async () => {
    expect(await resolver({ floor: '3a', comment: 'long' }, undefined, options)).toEqual({
      values: {},
      errors: {
        floor: { type: 'floor.not-a-number', message: 'floor.not-a-number' },
        comment: { type: 'comment.too-long', message: 'comment.too-long' },
      },
    });
  });
});
