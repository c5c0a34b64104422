import { errorLine, log } from './index';

/**
 * Chromium's notice that a resize observer's callback changed layout again: harmless, and it can
 * fire on every frame of a resize, which would flood the log with errors that are not.
 */
const BENIGN = /^ResizeObserver loop/;

/** Enough of a stack to find the place; the record stays small. */
const STACK_LINES = 12;

function stackOf(error: unknown): string | undefined {
  const stack = error instanceof Error ? error.stack : undefined;
  return stack ? stack.split('\n').slice(0, STACK_LINES).join('\n') : undefined;
}

/**
 * Errors nothing caught, in the page: a script error and a promise rejected with nobody
 * listening. Both at level error, with the stack in `remark`. Listeners (not `window.onerror =`)
 * so nothing else that listens is displaced. Answers a function that removes them.
 */
export function logUncaughtErrors(target: Window = window): () => void {
  const onError = (e: ErrorEvent) => {
    if (BENIGN.test(e.message)) return;
    const where = e.filename ? ` at ${e.filename}:${e.lineno}:${e.colno}` : '';
    const stack = stackOf(e.error);
    log.error(`renderer uncaught error: ${e.error !== undefined && e.error !== null ? errorLine(e.error) : e.message}${where}`, stack ? { remark: stack } : undefined);
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    const stack = stackOf(e.reason);
    log.error(`renderer unhandled rejection: ${errorLine(e.reason)}`, stack ? { remark: stack } : undefined);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
