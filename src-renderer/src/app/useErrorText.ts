import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './apiClient';
import { CLIENT_MESSAGE_KEYS, messageKeyOf, statusMessageKey } from './messageKey';
import type { QueryError } from './apiSlice';

const isQueryError = (e: unknown): e is QueryError =>
  typeof e === 'object' && e !== null && typeof (e as { msgKey?: unknown }).msgKey === 'string';

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
      const params = (error as { params?: Record<string, string | number> } | null)?.params ?? {};
      return t(key, { status: status ?? '', ...params });
    },
    [t, i18n],
  );
}
