/**
 * Secrets never enter a log (issue 18). Every record, whoever wrote it (main process or
 * renderer through `logs.write`), has its message and remark passed through `redact` before it
 * is queued. Decisions and the list of what is caught: docs/logging.md, "Redaction".
 *
 * One pass of a few linear regexes; a cheap test first lets the common message (no key name,
 * no token shape in it) through untouched without running them.
 */
export const REDACTED = '[redacted]';

/** Key names whose value is a secret: `name=value`, `"name": "value"`, `name: value`. */
const SECRET_KEY = String.raw`[\w-]*?(?:token|passw(?:or)?d|pwd|secret|sms[_-]?code|signature|credential|access[_-]?key(?:[_-]?id)?|api[_-]?key|authorization|cookie)[\w-]*`;
/** A value: one already redacted (a known secret), a JSON string (plain or escaped inside another string), else everything up to a delimiter. */
const VALUE = String.raw`(?:\[redacted\]|"(?:[^"\\\n]|\\.){0,4096}"|\\+"(?:[^"\\\n]|\\[^"\n]){0,4096}?\\+"|'[^'\n]{0,4096}'|[^\s&,;#})\]"'<>]+)`;

const KEY_VALUE = new RegExp(String.raw`(?<!\\)(\\*["']?)(?<![\w-])(${SECRET_KEY})\1(\s*[:=]\s*)${VALUE}`, 'gi');
/** `code` alone is too common a word (the API envelope's code 200): only a quoted string value or a query parameter. */
const CODE_QUOTED = new RegExp(String.raw`(?<!\\)(\\*["'])(code|verifyCode|captcha)\1(\s*:\s*)(?:"(?:[^"\\\n]|\\.){0,4096}"|\\+"[^"\\\n]{0,4096}\\+")`, 'gi');
const CODE_PARAM = /([?&](?:code|verifyCode|captcha)=)[^&\s#"'<>]+/gi;
/** `Bearer abc...`, `Basic abc...`: the credential after the scheme. */
const AUTH_SCHEME = /\b(Bearer|Basic|Token)(\s+)[A-Za-z0-9\-._~+/]{8,}=*/g;
/** A JSON Web Token anywhere: three base64url parts, the first a JSON header. */
const JWT = /\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*/g;
/** AWS (and S3-compatible STS) access key ids. */
const ACCESS_KEY_ID = /\b(?:AKIA|ASIA|AROA|AIDA|AGPA|ANPA)[A-Z0-9]{12,}\b/g;
/** STS session tokens quoted without their key: their well-known base64 prefixes, and long. */
const SESSION_TOKEN = /\b(?:FwoGZXIvYXdz|IQoJb3JpZ2lu|AQoDYXdz)[A-Za-z0-9/+=%]{40,}/g;

/** Lower-case words one of which every secret shape above contains; none of them: nothing to do. */
const MAYBE = /token|passw|pwd|secret|code|captcha|signature|credential|key|auth|cookie|bearer|basic|eyJ|AKIA|ASIA|AROA|AIDA|AGPA|ANPA|FwoG|IQoJ|AQoD/i;

/** Known secrets shorter than this are not looked for literally (a 4-digit value would hit ordinary numbers). */
const MIN_KNOWN_SECRET = 12;

/**
 * The text with every secret it carries replaced by `[redacted]`; text without any comes back
 * as the same string. `known` are secrets this process holds (the session token, the browser
 * host's key): they are caught wherever they appear, even without a key name in front.
 */
export function redact(text: string, known: readonly string[] = []): string {
  for (const secret of known) if (secret.length >= MIN_KNOWN_SECRET && text.includes(secret)) text = text.replaceAll(secret, REDACTED);
  if (!MAYBE.test(text)) return text;
  return text
    .replace(AUTH_SCHEME, `$1$2${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(KEY_VALUE, (_m, q: string, key: string, sep: string) => `${q}${key}${q}${sep}${quoted(_m, q, sep, key)}`)
    .replace(CODE_QUOTED, (_m, q: string, key: string, sep: string) => `${q}${key}${q}${sep}${q}${REDACTED}${q}`)
    .replace(CODE_PARAM, `$1${REDACTED}`)
    .replace(ACCESS_KEY_ID, REDACTED)
    .replace(SESSION_TOKEN, REDACTED);
}

/** The replacement keeps the value's quoting, so JSON stays JSON. */
function quoted(match: string, q: string, sep: string, key: string): string {
  const value = match.slice(q.length * 2 + key.length + sep.length);
  const open = /^\\*["']/.exec(value)?.[0];
  // a bare value of a quoted key ("password": 1234) becomes a string, so JSON stays JSON
  if (!open) return q ? `${q}${REDACTED}${q}` : REDACTED;
  // already redacted by an earlier pattern ("Bearer [redacted]" is not a value of its own)
  return `${open}${REDACTED}${open}`;
}
