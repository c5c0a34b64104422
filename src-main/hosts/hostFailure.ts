/** A refusal as the hosts answer it outside invoke: the same plain outcome as invoke, under an HTTP status a proxy's log reads right. */
export interface HostFailure {
  status: number;
  body: { ok: false; error: { name: string; message: string; code: string | number; params?: Record<string, string | number> } };
}

/** Any thrown failure as plain data, its status looked up by its code in `statusOf` (500 when the code is not there). */
export function hostFailure(err: unknown, statusOf: Readonly<Record<string, number>>): HostFailure {
  const e = err as { name?: string; message?: string; code?: unknown; params?: Record<string, string | number> };
  const code = typeof e.code === 'string' || typeof e.code === 'number' ? e.code : 'INTERNAL';
  return { status: statusOf[String(code)] ?? 500, body: { ok: false, error: { name: e.name ?? 'Error', message: e.message ?? String(err), code, ...(e.params ? { params: e.params } : {}) } } };
}
