#!/usr/bin/env node
// Checks that the gateway from scripts/s3-up.sh issues STS credentials that honour an inline
// session policy: AssumeRole limited to <bucket>/allowed/*, then a put inside allowed/ must
// succeed and one outside must get AccessDenied.
//   node scripts/s3-check-sts.mjs [ENV_FILE]      (default: $S3_ENV_FILE or <repo>/.run/s3.env)
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STSClient, AssumeRoleCommand } from '@aws-sdk/client-sts';
import {
  S3Client,
  PutObjectCommand,
  GetObjectCommand,
  DeleteObjectCommand,
} from '@aws-sdk/client-s3';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const envFile = process.argv[2] ?? process.env.S3_ENV_FILE ?? resolve(repo, '.run/s3.env');

function fail(msg) {
  console.error(`FAIL ${msg}`);
  process.exit(1);
}

// The env file is plain KEY=value lines (shell-sourceable); no quoting to undo.
function readEnv(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    fail(`cannot read env file ${path} (run scripts/s3-up.sh first): ${e.message}`);
  }
  const env = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) env[m[1]] = m[2];
  }
  for (const k of ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'S3_ROLE_ARN']) {
    if (!env[k]) fail(`${k} missing in ${path}`);
  }
  return env;
}

const env = readEnv(envFile);
const common = {
  endpoint: env.S3_ENDPOINT,
  region: env.S3_REGION,
  forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
};
const bucket = env.S3_BUCKET;
const prefix = 'allowed';

const sts = new STSClient({
  ...common,
  credentials: { accessKeyId: env.S3_ACCESS_KEY, secretAccessKey: env.S3_SECRET_KEY },
});
let creds;
try {
  const out = await sts.send(
    new AssumeRoleCommand({
      RoleArn: env.S3_ROLE_ARN,
      RoleSessionName: `sts-check-${process.pid}`,
      DurationSeconds: 900,
      Policy: JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          { Effect: 'Allow', Action: ['s3:*'], Resource: [`arn:aws:s3:::${bucket}/${prefix}/*`] },
        ],
      }),
    }),
  );
  creds = out.Credentials;
  if (!creds?.AccessKeyId || !creds.SecretAccessKey || !creds.SessionToken) {
    fail('AssumeRole returned no credentials');
  }
} catch (e) {
  fail(`AssumeRole ${env.S3_ROLE_ARN} at ${env.S3_ENDPOINT}: ${e.name}: ${e.message}`);
}
console.log(`OK AssumeRole ${env.S3_ROLE_ARN} -> temporary key ${creds.AccessKeyId}, expires ${creds.Expiration?.toISOString?.() ?? creds.Expiration}`);

const s3 = new S3Client({
  ...common,
  credentials: {
    accessKeyId: creds.AccessKeyId,
    secretAccessKey: creds.SecretAccessKey,
    sessionToken: creds.SessionToken,
  },
});
const stamp = `${Date.now()}-${process.pid}`;
const insideKey = `${prefix}/sts-check-${stamp}.txt`;
const outsideKey = `denied/sts-check-${stamp}.txt`;

try {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: insideKey, Body: 'inside' }));
  const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: insideKey }));
  const body = await got.Body.transformToString();
  if (body !== 'inside') fail(`read back ${insideKey}: got ${JSON.stringify(body)}`);
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: insideKey }));
} catch (e) {
  fail(`put/get/delete inside the session policy (${bucket}/${insideKey}): ${e.name}: ${e.message}`);
}
console.log(`OK put/get/delete inside the session policy: ${bucket}/${insideKey}`);

let denied = false;
try {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: outsideKey, Body: 'outside' }));
} catch (e) {
  if (e.name === 'AccessDenied' || e.Code === 'AccessDenied' || e.$metadata?.httpStatusCode === 403) {
    denied = true;
  } else {
    fail(`put outside the session policy failed, but not with AccessDenied: ${e.name}: ${e.message}`);
  }
}
if (!denied) {
  // Clean up with the long-term keys so the leak does not linger, then report.
  const admin = new S3Client({
    ...common,
    credentials: { accessKeyId: env.S3_ACCESS_KEY, secretAccessKey: env.S3_SECRET_KEY },
  });
  await admin.send(new DeleteObjectCommand({ Bucket: bucket, Key: outsideKey })).catch(() => {});
  fail(`put outside the session policy (${bucket}/${outsideKey}) succeeded; expected AccessDenied`);
}
console.log(`OK put outside the session policy denied: ${bucket}/${outsideKey} -> AccessDenied`);
