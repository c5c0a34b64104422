import type { HandlerName, Handlers, InvokeOutcome } from '../../src-shared/ipc';

/**
 * Runs one invoke for any host: unknown methods and thrown errors become plain
 * `{ name, message, code }` data, so nothing but data ever crosses a transport.
 */
export async function dispatchInvoke(handlers: Handlers, method: unknown, args: unknown): Promise<InvokeOutcome<unknown>> {
  if (typeof method !== 'string' || !Object.hasOwn(handlers, method)) {
    return { ok: false, error: { name: 'UnknownMethod', message: `unknown method ${String(method)}`, code: 'UNKNOWN_METHOD' } };
  }
  try {
    const handler = handlers[method as HandlerName] as (a: unknown) => Promise<unknown>;
    return { ok: true, result: await handler(args ?? {}) };
  } catch (err) {
    const e = err as { name?: unknown; message?: unknown; code?: unknown; params?: unknown };
    const params = e?.params && typeof e.params === 'object' ? (JSON.parse(JSON.stringify(e.params)) as Record<string, string | number>) : undefined;
    return {
      ok: false,
      error: {
        name: typeof e?.name === 'string' ? e.name : 'Error',
        message: typeof e?.message === 'string' ? e.message : String(err),
        code: typeof e?.code === 'string' || typeof e?.code === 'number' ? e.code : 'INTERNAL',
        ...(params ? { params } : {}),
      },
    };
  }
}
