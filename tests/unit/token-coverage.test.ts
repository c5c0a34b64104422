import { describe, expect, it } from 'vitest';
import { tokenCovers, tokenNeedOf, tokenNeedQuery } from '../../src-main/services/storage/tokenCoverage';

describe('what a key needs of a storage token', () => {
  it('reads the folder of a key, with or without the root prefix', () => {
    expect(tokenNeedOf('tenant/dataset/12/a/b.jpg', 'tenant')).toEqual({ projectId: 12, exports: false });
    expect(tokenNeedOf('dataset/12/b.jpg', '')).toEqual({ projectId: 12, exports: false });
    expect(tokenNeedOf('tenant/export/7/x.zip', '/tenant/')).toEqual({ projectId: 7, exports: true });
    expect(tokenNeedOf('tenant/annotate/55/mask.png', 'tenant')).toEqual({ taskSubjectId: 55 });
    // the user's own folder is always in the token; other shapes need nothing to be asked
    expect(tokenNeedOf('tenant/user/3/avatar.png', 'tenant')).toBeNull();
    expect(tokenNeedOf('tenant/dataset/x/b.jpg', 'tenant')).toBeNull();
    expect(tokenNeedOf('tenant/dataset/0/b.jpg', 'tenant')).toBeNull();
    // a root prefix that is itself a folder name is not read as the key's folder
    expect(tokenNeedOf('dataset/annotate/4/b.jpg', 'dataset')).toEqual({ taskSubjectId: 4 });
  });

  it('says whether a token names the folder, and what to ask for when it does not', () => {
    const token = { projectIds: [1, 2], exportProjectIds: [2], taskSubjectIds: [9] };
    expect(tokenCovers(token, { projectId: 2, exports: false })).toBe(true);
    expect(tokenCovers(token, { projectId: 3, exports: false })).toBe(false);
    expect(tokenCovers(token, { projectId: 1, exports: true })).toBe(false);
    expect(tokenCovers(token, { taskSubjectId: 9 })).toBe(true);
    expect(tokenCovers(token, { taskSubjectId: 8 })).toBe(false);
    // a token without the lists (given by hand) is not second-guessed
    expect(tokenCovers({}, { projectId: 3, exports: false })).toBe(true);
    expect(tokenNeedQuery({ projectId: 3, exports: true })).toBe('projectId=3');
    expect(tokenNeedQuery({ taskSubjectId: 8 })).toBe('taskSubjectId=8');
  });
});
