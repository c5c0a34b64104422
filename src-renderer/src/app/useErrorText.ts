import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './apiClient';
import { CLIENT_MESSAGE_KEYS, messageKeyOf, statusMessageKey } from './messageKey';
import type { QueryError } from './apiSlice';

const isQueryError = (e: unknown): e is QueryError =>
  typeof e === 'object' && e !== null && typeof (e as { msgKey?: unknown }).msgKey === 'string';

/**
 * The values a refusal's text names (`{{width}}`, `{{limit}}`): the plain fields of the answer's
 * `data` (the details the server sent with it), then those the client itself gave the error.
 * Without them a text read "outside the picture ({{width}} × {{height}})".
 */
export function errorParams(error: unknown): Record<string, string | number> {
  const body = isQueryError(error) ? error.body : error instanceof ApiError ? error.body : undefined;
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  const details = typeof data === 'object' && data !== null ? Object.entries(data).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number') : [];
  const own = (error as { params?: Record<string, string | number> } | null)?.params ?? {};
  return { ...Object.fromEntries(details), ...own };
}

/**
 * Turns any failure (an RTK Query error, an apiClient rejection, anything thrown) into the
 * translated text to show. Never a raw body: a key this client does not know (a newer server)
 * falls back to the text for its status.
 */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const status = isQueryError(error) ? error.status : error instanceof ApiError ? error.status : null;
      let key = isQueryError(error) ? error.msgKey : messageKeyOf(error);
      if (!i18n.exists(key)) key = status !== null ? statusMessageKey(status) : CLIENT_MESSAGE_KEYS.unknown;
      return t(key, { ...errorParams(error), status: status ?? '' });
    },
    [t, i18n],
  );
}
