import type { Page, Response } from '@playwright/test';

/**
 * A failed answer the app asks for on purpose, and why. Anything else at 400 or above is a
 * defect: the app asked for something it should have known not to ask (issue 17).
 */
export interface IntendedFailure {
  method: string;
  /** matched against the path and query of the request, e.g. /\/core\/user\/info$/ */
  url: RegExp;
  status: number;
  why: string;
}

/**
 * Everything a page says that a user's journey should not produce: console errors and warnings,
 * uncaught errors, and answers of 400 and above (the HTTP status, or the envelope's `code` on
 * the team server) that the caller did not list as intended. Attach before the first `goto`.
 */
export function watchConsole(page: Page, intended: readonly IntendedFailure[]) {
  const heard: string[] = [];
  const pending = new Set<Promise<void>>();
  const isIntended = (method: string, url: string, status: number) => {
    const { pathname, search } = new URL(url);
    return intended.some((i) => i.method === method && i.status === status && i.url.test(pathname + search));
  };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') heard.push(`console ${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => heard.push(`uncaught: ${e.message}`));
  page.on('response', (res: Response) => {
    const check = (async () => {
      const method = res.request().method();
      let status = res.status();
      // The team server answers errors in its envelope with the HTTP-like code as well.
      if (status < 400 && res.url().includes('/core/') && (res.headers()['content-type'] ?? '').includes('application/json')) {
        const body = (await res.json().catch(() => null)) as { code?: unknown } | null;
        if (typeof body?.code === 'number' && body.code >= 400) status = body.code;
      }
      if (status >= 400 && !isIntended(method, res.url(), status)) heard.push(`${status} on ${method} ${new URL(res.url()).pathname}${new URL(res.url()).search}`);
    })();
    pending.add(check);
    void check.finally(() => pending.delete(check));
  });
  return {
    /** What was heard so far, once the answers in hand are read. */
    async heard(): Promise<string[]> {
      await Promise.all([...pending]);
      return [...heard];
    },
  };
}
