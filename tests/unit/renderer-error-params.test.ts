import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src-renderer/src/app/apiClient';
import { errorParams } from '../../src-renderer/src/app/useErrorText';

describe('the values a refusal text names', () => {
  it("come from the details the server sent, plain values only, and the client's own come last", () => {
    const refused = new ApiError(400, 'Bad Request', { code: 400, msg: 'error.ai.promptOutsideFrame', data: { frameId: 7, width: 640, height: 480, problem: 'outside', issues: [{ path: '/x' }] } });
    expect(errorParams(refused)).toEqual({ frameId: 7, width: 640, height: 480, problem: 'outside' });
    const query = { status: 409, msgKey: 'error.task.packageLimit', body: { code: 409, data: { leased: 3, packageSize: 3 } }, message: '' };
    expect(errorParams(query)).toEqual({ leased: 3, packageSize: 3 });
    expect(errorParams(Object.assign(new Error('x'), { params: { name: 'a' } }))).toEqual({ name: 'a' });
    expect(errorParams(null)).toEqual({});
  });
});
