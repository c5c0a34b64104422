/**
 * Imports the user cleared from the data page. The workstation keeps a finished import for the
 * rest of its run (every window may still want its report); this window only stops showing it,
 * also after a reload. Bounded: the oldest ids go first.
 */
const KEY = 'workstation.forgottenImports';
const MAX = 200;

function read(): string[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export const forgottenImports = (): ReadonlySet<string> => new Set(read());

/** Adds `ids` to the forgotten ones and answers the whole set. */
export function forgetImports(ids: string[]): ReadonlySet<string> {
  const all = [...new Set([...read(), ...ids])].slice(-MAX);
  localStorage.setItem(KEY, JSON.stringify(all));
  return new Set(all);
}
