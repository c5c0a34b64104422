import { describe, expect, it } from 'vitest';
import { buildSessionPolicy, MAX_SESSION_POLICY_CHARS } from '../../src-server/storage/sessionPolicy';

interface Statement {
  Effect: string;
  Action: string[];
  Resource: string[];
}
const statements = (policy: string) => (JSON.parse(policy) as { Statement: Statement[] }).Statement;
const resourcesAllowing = (policy: string, action: string) => statements(policy).filter((s) => s.Action.includes(action)).flatMap((s) => s.Resource);

describe('storage token session policy', () => {
  it('grants read-write on the caller\'s folder and managed datasets, read on the rest, exports only where the caller may export, under the root prefix', () => {
    const { policy, projectIds, exportProjectIds } = buildSessionPolicy({
      bucket: 'b1',
      rootPrefix: 'root',
      userId: 7,
      grants: [{ kind: 'project', projectId: 3, write: true, exports: true }, { kind: 'project', projectId: 4, write: false, exports: false }],
    });
    expect(projectIds).toEqual([3, 4]);
    expect(exportProjectIds).toEqual([3]);
    expect(resourcesAllowing(policy, 's3:PutObject').sort()).toEqual(['arn:aws:s3:::b1/root/dataset/3/*', 'arn:aws:s3:::b1/root/user/7/*']);
    expect(resourcesAllowing(policy, 's3:AbortMultipartUpload').sort()).toEqual(resourcesAllowing(policy, 's3:PutObject').sort());
    expect(resourcesAllowing(policy, 's3:GetObject').sort()).toEqual([
      'arn:aws:s3:::b1/root/dataset/3/*',
      'arn:aws:s3:::b1/root/dataset/4/*',
      'arn:aws:s3:::b1/root/export/3/*',
      'arn:aws:s3:::b1/root/user/7/*',
    ]);
    expect(statements(policy).every((s) => s.Effect === 'Allow')).toBe(true);
    // nothing ever grants writing exports, listing, deleting or bucket-level actions
    expect(resourcesAllowing(policy, 's3:PutObject').some((r) => r.includes('/export/'))).toBe(false);
    expect(statements(policy).flatMap((s) => s.Action).filter((a) => /Delete|List[^M]|\*|Bucket/.test(a))).toEqual([]);
  });

  it('without a root prefix or projects, covers only the caller\'s folder', () => {
    const { policy, projectIds } = buildSessionPolicy({ bucket: 'b1', rootPrefix: '', userId: 7, grants: [] });
    expect(projectIds).toEqual([]);
    expect(statements(policy)).toHaveLength(1);
    expect(statements(policy)[0]!.Resource).toEqual(['arn:aws:s3:::b1/user/7/*']);
  });

  it('stays within 2048 characters, keeping the projects in the order given', () => {
    const projects = Array.from({ length: 100 }, (_, i) => ({ kind: 'project' as const, projectId: 2_000_000_000 + i, write: i % 3 === 0, exports: i % 3 === 0 }));
    const { policy, projectIds } = buildSessionPolicy({ bucket: 'annot-production', rootPrefix: 'tenant-a', userId: 2_000_000_000, grants: projects });
    expect(policy.length).toBeLessThanOrEqual(MAX_SESSION_POLICY_CHARS);
    expect(projectIds).toEqual(projects.slice(0, projectIds.length).map((p) => p.projectId));
    // ten-digit ids and a long bucket name still leave room for a useful number of projects
    expect(projectIds.length).toBeGreaterThanOrEqual(12);
    const next = buildSessionPolicy({ bucket: 'annot-production', rootPrefix: 'tenant-a', userId: 2_000_000_000, grants: projects.slice(0, projectIds.length + 1) });
    expect(next.projectIds).toHaveLength(projectIds.length);
  });

  it('lists a project once even if it is wanted twice', () => {
    const { projectIds } = buildSessionPolicy({ bucket: 'b1', rootPrefix: '', userId: 1, grants: [{ kind: 'project', projectId: 5, write: false, exports: false }, { kind: 'project', projectId: 5, write: true, exports: true }] });
    expect(projectIds).toEqual([5]);
  });

  it('opens annotate/ folders of task subjects: read-write for held ones, read for the rest, never mixed up with projects', () => {
    const { policy, projectIds, taskSubjectIds } = buildSessionPolicy({
      bucket: 'b1',
      rootPrefix: '',
      userId: 7,
      grants: [
        { kind: 'taskSubject', taskSubjectId: 40, write: true },
        { kind: 'project', projectId: 40, write: false, exports: false },
        { kind: 'taskSubject', taskSubjectId: 41, write: false },
        { kind: 'taskSubject', taskSubjectId: 40, write: false },
      ],
    });
    expect(taskSubjectIds).toEqual([40, 41]);
    expect(projectIds).toEqual([40]);
    expect(resourcesAllowing(policy, 's3:PutObject').sort()).toEqual(['arn:aws:s3:::b1/annotate/40/*', 'arn:aws:s3:::b1/user/7/*']);
    expect(resourcesAllowing(policy, 's3:GetObject')).toContain('arn:aws:s3:::b1/annotate/41/*');
    expect(resourcesAllowing(policy, 's3:PutObject')).not.toContain('arn:aws:s3:::b1/annotate/41/*');
  });

  it('refuses when even the caller\'s own folder does not fit', () => {
    expect(() => buildSessionPolicy({ bucket: 'b'.repeat(63), rootPrefix: 'r'.repeat(2000), userId: 1, grants: [] })).toThrow(RangeError);
  });
});
