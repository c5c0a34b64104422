/**
 * The device tokens this workstation got from the server (LoginResult.deviceToken), one per
 * mobile number that signed in here. Sent back with that number's later sign-ins and code
 * requests, they give this device its own guess and SMS budgets, so a stranger hammering the
 * number elsewhere does not lock its owner out here. Kept across restarts (localStorage, or
 * memory where storage is unavailable); a token is no session and opens nothing by itself.
 */

/** Where the tokens live. */
export const DEVICE_TOKENS_STORAGE_KEY = 'workstation.deviceTokens';
/** A shared workstation remembers this many numbers (the most recent). */
const MAX_NUMBERS = 20;

interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

let memory: string | null = null;
const memoryStorage: KeyValueStorage = { getItem: () => memory, setItem: (_k, v) => void (memory = v) };

/** localStorage when the page may use it (it can throw: disabled, sandboxed), else memory. */
function storage(): KeyValueStorage {
  try {
    return (globalThis as { localStorage?: KeyValueStorage }).localStorage ?? memoryStorage;
  } catch {
    return memoryStorage;
  }
}

/** [mobile, token] pairs, oldest first (an array: object keys that look like numbers would reorder). */
function load(store: KeyValueStorage): [string, string][] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(DEVICE_TOKENS_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((e): e is [string, string] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string');
  } catch {
    return []; // a damaged entry is an empty store, never a crash
  }
}

/** The token this device holds for the number, if any. */
export function deviceTokenFor(mobile: string, store: KeyValueStorage = storage()): string | undefined {
  return load(store).find(([m]) => m === mobile)?.[1];
}

/** Keeps the token the server handed this device for the number (the most recent numbers win). */
export function keepDeviceToken(mobile: string, token: string, store: KeyValueStorage = storage()): void {
  const kept = [...load(store).filter(([m]) => m !== mobile), [mobile, token]].slice(-MAX_NUMBERS);
  try {
    store.setItem(DEVICE_TOKENS_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Full or refused storage: the device simply stays a stranger to the limits.
  }
}

/** The body field to add to a sign-in or code request for the number. */
export const withDeviceToken = (mobile: string): { deviceToken?: string } => {
  const deviceToken = deviceTokenFor(mobile);
  return deviceToken ? { deviceToken } : {};
};
