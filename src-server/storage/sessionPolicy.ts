/**
 * The inline session policy of a vended storage token: exactly the folders its holder may use.
 * AWS STS and Ceph RGW both refuse a session policy longer than 2048 characters (measured on
 * Ceph 16: 1941 accepted, 2146 refused), so folders are added in the caller's order of
 * preference until the next one would not fit; the caller learns which projects made it.
 */
export const MAX_SESSION_POLICY_CHARS = 2048;

/** Reading and writing objects, multipart uploads included (Create/UploadPart/Complete are s3:PutObject). */
const READ_WRITE_ACTIONS = ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts', 's3:PutObjectTagging'];
const READ_ACTIONS = ['s3:GetObject'];

/** A project the token should cover, and whether its holder may write its dataset folder. */
export interface PolicyProject {
  projectId: number;
  write: boolean;
}

export interface SessionPolicyInput {
  bucket: string;
  rootPrefix: string;
  userId: number;
  /** most wanted first */
  projects: readonly PolicyProject[];
  maxChars?: number;
}

export interface SessionPolicy {
  /** the policy document, minified */
  policy: string;
  /** the projects it covers, in the order given */
  projectIds: number[];
}

function render(bucket: string, root: string, userId: number, projects: readonly PolicyProject[]): string {
  const arn = (folder: string) => `arn:aws:s3:::${bucket}/${root}${folder}/*`;
  const readWrite = [arn(`user/${userId}`), ...projects.filter((p) => p.write).map((p) => arn(`dataset/${p.projectId}`))];
  const read = projects.flatMap((p) => [...(p.write ? [] : [arn(`dataset/${p.projectId}`)]), arn(`export/${p.projectId}`)]);
  const statements = [
    { Effect: 'Allow', Action: READ_WRITE_ACTIONS, Resource: readWrite },
    ...(read.length > 0 ? [{ Effect: 'Allow', Action: READ_ACTIONS, Resource: read }] : []),
  ];
  return JSON.stringify({ Version: '2012-10-17', Statement: statements });
}

/**
 * The policy for one caller: read-write on `user/<userId>/`, read on `dataset/<p>/` and
 * `export/<p>/` of each project, read-write on `dataset/<p>/` where `write`; all under the
 * root prefix. Projects that do not fit the size limit are left out, from the end.
 */
export function buildSessionPolicy(input: SessionPolicyInput): SessionPolicy {
  const max = input.maxChars ?? MAX_SESSION_POLICY_CHARS;
  const root = input.rootPrefix ? `${input.rootPrefix}/` : '';
  const taken: PolicyProject[] = [];
  let policy = render(input.bucket, root, input.userId, taken);
  if (policy.length > max) throw new RangeError(`the bucket name and root prefix leave no room for a session policy of ${max} characters`);
  const seen = new Set<number>();
  for (const p of input.projects) {
    if (seen.has(p.projectId)) continue;
    const next = render(input.bucket, root, input.userId, [...taken, p]);
    // Every project costs about the same, so the first that does not fit ends the list.
    if (next.length > max) break;
    seen.add(p.projectId);
    taken.push(p);
    policy = next;
  }
  return { policy, projectIds: taken.map((p) => p.projectId) };
}
