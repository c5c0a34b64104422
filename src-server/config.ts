import path from 'node:path';
import { OutboundAllowList } from './outbound/addressPolicy';
import type { AliyunSmsSettings } from './sms/aliyunSms';
import type { TencentSmsSettings } from './sms/tencentSms';

/** S3 settings; present only when the server runs in S3 mode. */
export interface S3Config {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  forcePathStyle: boolean;
  /** Role assumed through STS to vend short-lived, prefix-limited credentials. */
  roleArn: string | null;
  /** Optional root prefix every key lives under. */
  rootPrefix: string;
}

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL when set; SQLite file under dataDir otherwise. */
  databaseUrl: string | null;
  s3: S3Config | null;
  /** Log level of the HTTP server's own logger. */
  logLevel: string;
  /**
   * Behind a reverse proxy: trust its X-Forwarded-For so per-client limits see the real client
   * (true, a hop count, or a comma-separated list of proxy addresses). Off by default.
   */
  trustProxy: boolean | number | string;
  /** The largest file the fallback upload (`/obs/upload`) takes, in bytes. */
  maxUploadBytes: number;
  /** How exports run in the background (src-server/exports/exportRunner.ts). */
  exports: ExportSettings;
  /** The built-in model service and how jobs reach it (src-server/ai). */
  ai: AiSettings;
  /** Video frames decoded on the server (src-server/media/ffmpegFrames.ts). */
  media: MediaSettings;
  /**
   * The secret signed URLs are made and checked with (URL_SIGNING_SECRET, 64 hex characters),
   * the same for every process of the server; null: one made and kept in the data folder
   * (storage/signedUrl.ts), which serves one machine.
   */
  urlSigningSecret: Buffer | null;
  /** Where login and sign-up codes go (SMS_PROVIDER; docs/deploy.md, "Real SMS"). */
  sms: SmsSettings;
  /** The bearer token Prometheus reads `/core/metrics` with (METRICS_TOKEN); null: no metrics. */
  metricsToken: string | null;
  /**
   * How long a process's hold on a background duty lasts unrenewed (DUTY_LEASE_SECONDS, default
   * 20): how soon another process takes over a dead one's sweeps and checks (duties/dutyScheduler.ts).
   */
  dutyLeaseMs: number;
}

export type SmsSettings = { provider: 'outbox' } | { provider: 'aliyun'; aliyun: AliyunSmsSettings } | { provider: 'tencent'; tencent: TencentSmsSettings };

export interface MediaSettings {
  /** ffmpeg, to decode video frames for the models and into exports with media (FFMPEG_PATH; default `ffmpeg` on the PATH; ffprobe beside it) */
  ffmpegPath: string;
}

export interface AiSettings {
  /** the built-in model service's base URL (AI_SERVICE_URL); null: no built-in service */
  serviceUrl: string | null;
  /** its key (AI_SERVICE_KEY) */
  serviceKey: string | null;
  /**
   * Where services send job callbacks (AI_CALLBACK_URL, ending in /core/ai/notify). When unset,
   * the server's own listening address is used once it listens.
   */
  callbackUrl: string | null;
  /** a running job the service has not reported on for this long is sent again (AI_STALL_SECONDS, default 120) */
  stallMs: number;
  /**
   * Internal addresses teams may register model services at (AI_SERVICE_ALLOWED_HOSTS: addresses,
   * networks, host names, each optionally with :port). Empty by default: a team's service must be
   * on the public internet (docs/security.md, "Calls the server makes for a team").
   */
  allowedHosts: OutboundAllowList;
}

export interface ExportSettings {
  /** exports one server runs at once (EXPORT_CONCURRENCY, default 1: an export keeps a core busy) */
  concurrency: number;
  /**
   * A running export whose runner has not renewed its lease for this long (EXPORT_LEASE_SECONDS,
   * default 60) belongs to a server that stopped: another runner resumes it.
   */
  leaseMs: number;
  /** a resumed export that was interrupted this many times fails instead (export.interrupted) */
  maxAttempts: number;
  /** where COCO parks its annotations while the images go out, and video files wait for ffmpeg (default: dataDir/tmp) */
  tempDir: string;
}

/**
 * 5 GiB, S3's largest single PUT: whatever the workstation stores through the server it could
 * also have stored with one presigned URL. Lower it for a small disk; raise it for embedded
 * mode with files beyond that (S3 mode streams larger ones in multipart).
 */
export const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 ** 3;

const truthy = (v: string | undefined) => v === '1' || v === 'true' || v === 'yes';

/** Reads the configuration from the environment, with the embedded defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8610);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${env.PORT}"`);
  }
  const s3: S3Config | null = env.S3_ENDPOINT
    ? {
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION ?? 'us-east-1',
        accessKeyId: required(env, 'S3_ACCESS_KEY'),
        secretAccessKey: required(env, 'S3_SECRET_KEY'),
        bucket: required(env, 'S3_BUCKET'),
        forcePathStyle: env.S3_FORCE_PATH_STYLE === undefined ? true : truthy(env.S3_FORCE_PATH_STYLE),
        roleArn: env.S3_ROLE_ARN || null,
        rootPrefix: (env.S3_ROOT_PREFIX ?? '').replace(/^\/+|\/+$/g, ''),
      }
    : null;
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    s3,
    logLevel: env.LOG_LEVEL ?? 'warn',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    maxUploadBytes: parseMaxUpload(env.MAX_UPLOAD_BYTES),
    exports: {
      concurrency: positiveInteger(env, 'EXPORT_CONCURRENCY', 1),
      leaseMs: positiveInteger(env, 'EXPORT_LEASE_SECONDS', 60) * 1000,
      maxAttempts: 3,
      tempDir: path.join(path.resolve(env.DATA_DIR ?? './data'), 'tmp'),
    },
    media: { ffmpegPath: env.FFMPEG_PATH || 'ffmpeg' },
    urlSigningSecret: parseSigningSecret(env.URL_SIGNING_SECRET),
    sms: parseSms(env),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    dutyLeaseMs: positiveInteger(env, 'DUTY_LEASE_SECONDS', 20) * 1000,
    ai: {
      serviceUrl: env.AI_SERVICE_URL || null,
      serviceKey: env.AI_SERVICE_KEY || null,
      callbackUrl: env.AI_CALLBACK_URL || null,
      stallMs: positiveInteger(env, 'AI_STALL_SECONDS', 120) * 1000,
      allowedHosts: OutboundAllowList.parse(env.AI_SERVICE_ALLOWED_HOSTS),
    },
  };
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a whole number above 0, got "${v}"`);
  return n;
}

function parseMaxUpload(v: string | undefined): number {
  if (v === undefined || v === '') return DEFAULT_MAX_UPLOAD_BYTES;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`MAX_UPLOAD_BYTES must be a whole number of bytes above 0, got "${v}"`);
  return n;
}

function parseTrustProxy(v: string | undefined): boolean | number | string {
  if (!v || v === 'false' || v === '0') return false;
  if (truthy(v)) return true;
  return /^\d+$/.test(v) ? Number(v) : v;
}

/** 32 bytes as 64 hex characters (`openssl rand -hex 32`); anything else is refused at start, never used weakened. */
function parseSigningSecret(v: string | undefined): Buffer | null {
  if (!v) return null;
  const hex = v.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('URL_SIGNING_SECRET must be 64 hex characters (32 random bytes: openssl rand -hex 32)');
  return Buffer.from(hex, 'hex');
}

/** At least 16 characters: the metrics say what people do, and a short token is guessed. */
function parseMetricsToken(v: string | undefined): string | null {
  if (!v) return null;
  if (v.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters (openssl rand -hex 16)');
  return v;
}

/** SMS_PROVIDER and its gateway's settings; a gateway named without its settings stops the start, naming the one missing. */
function parseSms(env: NodeJS.ProcessEnv): SmsSettings {
  const provider = env.SMS_PROVIDER || 'outbox';
  const need = (name: string) => {
    const v = env[name];
    if (!v) throw new Error(`${name} is required when SMS_PROVIDER is ${provider}`);
    return v;
  };
  if (provider === 'outbox') return { provider };
  if (provider === 'aliyun') {
    return {
      provider,
      aliyun: {
        accessKeyId: need('ALIYUN_SMS_ACCESS_KEY_ID'),
        accessKeySecret: need('ALIYUN_SMS_ACCESS_KEY_SECRET'),
        signName: need('ALIYUN_SMS_SIGN_NAME'),
        templateCode: need('ALIYUN_SMS_TEMPLATE_CODE'),
        endpoint: env.ALIYUN_SMS_ENDPOINT || 'https://dysmsapi.aliyuncs.com',
      },
    };
  }
  if (provider === 'tencent') {
    return {
      provider,
      tencent: {
        secretId: need('TENCENT_SMS_SECRET_ID'),
        secretKey: need('TENCENT_SMS_SECRET_KEY'),
        appId: need('TENCENT_SMS_APP_ID'),
        signName: need('TENCENT_SMS_SIGN_NAME'),
        templateId: need('TENCENT_SMS_TEMPLATE_ID'),
        region: env.TENCENT_SMS_REGION || 'ap-guangzhou',
        endpoint: env.TENCENT_SMS_ENDPOINT || 'https://sms.tencentcloudapi.com',
      },
    };
  }
  throw new Error(`SMS_PROVIDER must be outbox, aliyun or tencent, got "${provider}"`);
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const v = env[name];
  if (!v) throw new Error(`${name} is required when S3_ENDPOINT is set`);
  return v;
}
