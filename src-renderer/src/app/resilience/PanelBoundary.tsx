import { useCallback, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api, TAG_TYPES } from '../apiSlice';
import { useAppDispatch } from '../hooks';
import { PanelFailure, WidgetFailure } from './PanelFailure';
import { reportRenderError } from './reportRenderError';

interface Props {
  /** names the panel in the workstation log */
  where: string;
  /** the i18n key of the failure's title */
  titleKey?: 'resilience.pageFailed' | 'resilience.panelFailed';
  /** a change of these (the address) lets the children try again by themselves */
  resetKeys?: unknown[];
  look?: 'panel' | 'widget';
  children: ReactNode;
}

/**
 * Keeps one panel's crash inside the panel: the rest of the window keeps working, the user reads
 * a translated message, the log gets the technical one. Retry mounts the panel anew; it first
 * invalidates every cached answer, because a panel remounted on the same cached data (the most
 * likely cause of its crash) would only crash again: answers nobody shows any more are dropped,
 * and the ones still shown are asked for again.
 */
export function PanelBoundary({ where, titleKey = 'resilience.panelFailed', resetKeys, look = 'panel', children }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const fallback = useCallback(
    ({ error, resetErrorBoundary }: FallbackProps) => {
      const retry = () => {
        dispatch(api.util.invalidateTags([...TAG_TYPES]));
        resetErrorBoundary();
      };
      return look === 'widget' ? <WidgetFailure onRetry={retry} /> : <PanelFailure title={t(titleKey)} error={error} onRetry={retry} testId={titleKey === 'resilience.pageFailed' ? 'page-failed' : 'panel-failed'} />;
    },
    [dispatch, look, t, titleKey],
  );
  return (
    <ErrorBoundary fallbackRender={fallback} onError={(error, info) => reportRenderError(where, error, info)} resetKeys={resetKeys}>
      {children}
    </ErrorBoundary>
  );
}

/**
 * A routed page or tab: its failure is the page's, and going to another address (a tab, a menu
 * entry, back) leaves it behind, since the boundary stays mounted while the router swaps pages.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PanelBoundary where={`page ${pathname}`} titleKey="resilience.pageFailed" resetKeys={[pathname]}>
      {children}
    </PanelBoundary>
  );
}
