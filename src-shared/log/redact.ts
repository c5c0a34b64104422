/**
 * Secrets never enter a log (issues 18 and 30). Every workstation record, whoever wrote it (main
 * process or renderer through `logs.write`), has every field passed through `redactValue` before
 * it is queued; the team server's own log passes request URLs and errors through it
 * (src-server/plugins/logRedaction.ts). Decisions and the list of what is caught: docs/logging.md,
 * "Redaction". Shared (no Node, no DOM), so both sides use one list.
 *
 * One pass of a few linear regexes; a cheap test first lets the common message (no key name,
 * no token shape in it) through untouched without running them.
 */
export const REDACTED = '[redacted]';

/**
 * Key names whose value is a secret: `name=value`, `"name": "value"`, `name: value`. Besides the
 * words, the kinds of key that are secrets (`x-ai-service-key`, `serviceKey`, `private_key`,
 * `signingKey`...) and `sig` as a whole name (the server's own signed URLs: `&sig=`); `key` alone
 * is an object key most of the time, see KEY_QUOTED and KEY_PARAM.
 */
const SECRET_KEY = String.raw`(?:[\w-]*?(?:token|passw(?:or)?d|pwd|secret|sms[_-]?code|signature|credential|access[_-]?key(?:[_-]?id)?|api[_-]?key|(?:service|private|signing|session|master|encryption|hmac|license)[_-]?key|authorization|cookie)[\w-]*|sig)`;
/** A value: one already redacted (a known secret), a JSON string (plain or escaped inside another string), else everything up to a delimiter. */
const VALUE = String.raw`(?:\[redacted\]|"(?:[^"\\\n]|\\.){0,4096}"|\\+"(?:[^"\\\n]|\\[^"\n]){0,4096}?\\+"|'[^'\n]{0,4096}'|[^\s&,;#})\]"'<>]+)`;

const KEY_VALUE = new RegExp(String.raw`(?<!\\)(\\*["']?)(?<![\w-])(${SECRET_KEY})\1(\s*[:=]\s*)${VALUE}`, 'gi');
/** `code` alone is too common a word (the API envelope's code 200): only a quoted string value or a query parameter. */
const CODE_QUOTED = new RegExp(String.raw`(?<!\\)(\\*["'])(code|verifyCode|captcha)\1(\s*:\s*)(?:"(?:[^"\\\n]|\\.){0,4096}"|\\+"[^"\\\n]{0,4096}\\+")`, 'gi');
const CODE_PARAM = /([?&](?:code|verifyCode|captcha)=)[^&\s#"'<>]+/gi;
/**
 * `key` alone names an object key (`/obs/get/file?key=dataset/3/a.jpg`, `"key":"user/7/logs/..."`),
 * which ops need to read, as often as an API key (`?key=AIza...`). A value with a path in it (a
 * `/`, or `%2F` encoded) is an object key and stays; any other is taken for a secret. Only a
 * quoted string value or a query parameter, as for `code`.
 */
const KEY_QUOTED = /(?<!\\)(\\*["'])(key)\1(\s*:\s*)(\\*["'])(?![^"'\\\n]{0,4096}?(?:\/|%2F))[^"'\\\n]{1,4096}\4/gi;
const KEY_PARAM = /([?&]key=)(?![^&\s#"'<>]*?(?:\/|%2F))[^&\s#"'<>]+/gi;
/**
 * The password of a URL's user info (`postgres://u:pw@db`, `https://user:pass@host`): the user
 * stays, the password goes. The last `@` before the path ends the user info, as URL parsers read
 * it. User info without a password that is long enough to be a token (`https://ghp_...@github.com`)
 * goes whole; a short user name (`ssh://git@host`) stays.
 */
const URL_PASSWORD = /(:\/\/[^\s:/?#@"'<>]*:)[^\s/?#"'<>]+@/g;
const URL_TOKEN_USER = /(:\/\/)[A-Za-z0-9._~%+-]{16,}@/g;
/** `Bearer abc...`, `Basic abc...`: the credential after the scheme. */
const AUTH_SCHEME = /\b(Bearer|Basic|Token)(\s+)[A-Za-z0-9\-._~+/]{8,}=*/g;
/** A JSON Web Token anywhere: three base64url parts, the first a JSON header. */
const JWT = /\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*/g;
/** AWS (and S3-compatible STS) access key ids. */
const ACCESS_KEY_ID = /\b(?:AKIA|ASIA|AROA|AIDA|AGPA|ANPA)[A-Z0-9]{12,}\b/g;
/** STS session tokens quoted without their key: their well-known base64 prefixes, and long. */
const SESSION_TOKEN = /\b(?:FwoGZXIvYXdz|IQoJb3JpZ2lu|AQoDYXdz)[A-Za-z0-9/+=%]{40,}/g;

/** Lower-case words one of which every secret shape above contains; none of them: nothing to do. */
const MAYBE = /token|passw|pwd|secret|code|captcha|sig|credential|key|auth|cookie|bearer|basic|eyJ|AKIA|ASIA|AROA|AIDA|AGPA|ANPA|FwoG|IQoJ|AQoD/i;

/** Known secrets shorter than this are not looked for literally (a 4-digit value would hit ordinary numbers). */
const MIN_KNOWN_SECRET = 12;

/**
 * The text with every secret it carries replaced by `[redacted]`; text without any comes back
 * as the same string. `known` are secrets this process holds (the session token, the browser
 * host's key): they are caught wherever they appear, even without a key name in front.
 */
export function redact(text: string, known: readonly string[] = []): string {
  for (const secret of known) if (secret.length >= MIN_KNOWN_SECRET && text.includes(secret)) text = text.replaceAll(secret, REDACTED);
  // A URL's user info has no trigger word; `includes` costs less than one more alternative in MAYBE.
  if (!text.includes('://') && !MAYBE.test(text)) return text;
  return text
    .replace(AUTH_SCHEME, `$1$2${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(KEY_VALUE, (_m, q: string, key: string, sep: string) => `${q}${key}${q}${sep}${quoted(_m, q, sep, key)}`)
    .replace(CODE_QUOTED, (_m, q: string, key: string, sep: string) => `${q}${key}${q}${sep}${q}${REDACTED}${q}`)
    .replace(CODE_PARAM, `$1${REDACTED}`)
    .replace(KEY_QUOTED, (_m, q: string, key: string, sep: string, open: string) => `${q}${key}${q}${sep}${open}${REDACTED}${open}`)
    .replace(KEY_PARAM, `$1${REDACTED}`)
    .replace(URL_PASSWORD, `$1${REDACTED}@`)
    .replace(URL_TOKEN_USER, `$1${REDACTED}@`)
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

/**
 * A log record's value with every string in it redacted, however deep: the message, each
 * extra-info field, and anything nested in objects or arrays. Numbers, booleans and null stay;
 * objects keep their key names (they name fields, not secrets). A value without secrets comes
 * back equal (strings are the same strings).
 */
export function redactValue<T>(value: T, known: readonly string[] = [], seen: Set<object> = new Set()): T {
  if (typeof value === 'string') return redact(value, known) as T;
  if (value === null || typeof value !== 'object') return value;
  // A value inside itself (a structured clone can hold one) is not followed round again.
  if (seen.has(value)) return '[circular]' as T;
  seen.add(value);
  let out: unknown;
  if (Array.isArray(value)) out = value.map((v: unknown) => redactValue(v, known, seen));
  else {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) copy[k] = redactValue(v, known, seen);
    out = copy;
  }
  seen.delete(value);
  return out as T;
}

/** A URL as a log line shows it: its query's secrets (`sig`, `token`, `X-Amz-Signature`, ...) and a user-info password redacted, the rest as it was. */
export const redactUrl = (url: string): string => redact(url);
