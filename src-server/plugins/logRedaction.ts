import type { FastifyServerOptions } from 'fastify';
import { redact } from '../../src-shared/log/redact';
import type { ServerConfig } from '../config';

/** Where the server's log lines go instead of standard output (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/** The secrets this server holds, caught in a log line wherever they appear (even without a key name in front). */
export function serverSecrets(config: ServerConfig): string[] {
  const out: string[] = [];
  if (config.s3) out.push(config.s3.secretAccessKey);
  if (config.ai.serviceKey) out.push(config.ai.serviceKey);
  if (config.databaseUrl) {
    try {
      const password = decodeURIComponent(new URL(config.databaseUrl).password);
      if (password) out.push(password);
    } catch {
      // not a URL: the database driver says so at start
    }
  }
  return out;
}

/**
 * The team server's own log (Fastify's pino, `LOG_LEVEL`) under the same redaction as the
 * workstation's records (src-shared/log/redact.ts), applied to each whole line as it is written:
 * every field, whatever serialised it. At `info` Fastify logs each request's URL, so the query of
 * a signed URL (`/core/obs/get/file?key=...&expires=...&sig=...`, a working read link for a week)
 * reached the log as it was; errors may quote a connection string or a presigned URL. Redacting
 * the JSON line keeps it JSON (quoted values stay quoted).
 */
export function serverLoggerOptions(config: ServerConfig, stream?: LogStream): NonNullable<FastifyServerOptions['logger']> {
  const known = serverSecrets(config);
  return {
    level: config.logLevel,
    hooks: { streamWrite: (line: string) => redact(line, known) },
    ...(stream ? { stream } : {}),
  };
}
