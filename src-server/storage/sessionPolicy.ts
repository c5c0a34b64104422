/**
 * The inline session policy of a vended storage token: exactly the folders its holder may use.
 * AWS STS and Ceph RGW both refuse a session policy longer than 2048 characters (measured on
 * Ceph 16: 1941 accepted, 2146 refused), so folders are added in the caller's order of
 * preference until the next one would not fit; the caller learns which projects and task
 * subjects made it.
 */
export const MAX_SESSION_POLICY_CHARS = 2048;

/** Reading and writing objects, multipart uploads included (Create/UploadPart/Complete are s3:PutObject). */
const READ_WRITE_ACTIONS = ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts', 's3:PutObjectTagging'];
const READ_ACTIONS = ['s3:GetObject'];

/**
 * One thing the token should cover: a project (its `dataset/` folder, read-write where `write`;
 * its `export/` folder, read, only where `exports`: the caller may export it, as keyAccess.ts
 * rules) or a task subject (its `annotate/` folder, read-write where `write`: the worker
 * holding it).
 */
export type PolicyGrant =
  | { kind: 'project'; projectId: number; write: boolean; exports: boolean }
  | { kind: 'taskSubject'; taskSubjectId: number; write: boolean };

export interface SessionPolicyInput {
  bucket: string;
  rootPrefix: string;
  userId: number;
  /** most wanted first */
  grants: readonly PolicyGrant[];
  maxChars?: number;
}

export interface SessionPolicy {
  /** the policy document, minified */
  policy: string;
  /** the projects whose `dataset/` folders it covers, in the order given */
  projectIds: number[];
  /** those of them whose `export/` folders it covers too */
  exportProjectIds: number[];
  /** the task subjects whose `annotate/` folders it covers, in the order given */
  taskSubjectIds: number[];
}

/** The folders a grant opens, each read-write or read only. */
function folders(g: PolicyGrant): { folder: string; write: boolean }[] {
  if (g.kind === 'taskSubject') return [{ folder: `annotate/${g.taskSubjectId}`, write: g.write }];
  const dataset = { folder: `dataset/${g.projectId}`, write: g.write };
  return g.exports ? [dataset, { folder: `export/${g.projectId}`, write: false }] : [dataset];
}

function render(bucket: string, root: string, userId: number, grants: readonly PolicyGrant[]): string {
  const arn = (folder: string) => `arn:aws:s3:::${bucket}/${root}${folder}/*`;
  const opened = [{ folder: `user/${userId}`, write: true }, ...grants.flatMap(folders)];
  const readWrite = opened.filter((f) => f.write).map((f) => arn(f.folder));
  const read = opened.filter((f) => !f.write).map((f) => arn(f.folder));
  const statements = [
    { Effect: 'Allow', Action: READ_WRITE_ACTIONS, Resource: readWrite },
    ...(read.length > 0 ? [{ Effect: 'Allow', Action: READ_ACTIONS, Resource: read }] : []),
  ];
  return JSON.stringify({ Version: '2012-10-17', Statement: statements });
}

const grantKey = (g: PolicyGrant) => (g.kind === 'project' ? `p${g.projectId}` : `t${g.taskSubjectId}`);

/**
 * The policy for one caller: read-write on `user/<userId>/`, then each grant in order while it
 * fits, all under the root prefix. A grant named twice counts once (its first, most wanted
 * form); grants that do not fit the size limit are left out, from the end.
 */
export function buildSessionPolicy(input: SessionPolicyInput): SessionPolicy {
  const max = input.maxChars ?? MAX_SESSION_POLICY_CHARS;
  const root = input.rootPrefix ? `${input.rootPrefix}/` : '';
  const taken: PolicyGrant[] = [];
  let policy = render(input.bucket, root, input.userId, taken);
  if (policy.length > max) throw new RangeError(`the bucket name and root prefix leave no room for a session policy of ${max} characters`);
  const seen = new Set<string>();
  for (const g of input.grants) {
    if (seen.has(grantKey(g))) continue;
    const next = render(input.bucket, root, input.userId, [...taken, g]);
    // Grants of a kind cost about the same, so the first that does not fit ends the list.
    if (next.length > max) break;
    seen.add(grantKey(g));
    taken.push(g);
    policy = next;
  }
  return {
    policy,
    projectIds: taken.flatMap((g) => (g.kind === 'project' ? [g.projectId] : [])),
    exportProjectIds: taken.flatMap((g) => (g.kind === 'project' && g.exports ? [g.projectId] : [])),
    taskSubjectIds: taken.flatMap((g) => (g.kind === 'taskSubject' ? [g.taskSubjectId] : [])),
  };
}
