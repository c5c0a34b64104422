/**
 * Hook options for the team's lists. No real-time event reports membership, invitation, group
 * or vendor changes (src-shared/api/realtime.ts), so a list is read again whenever a page that
 * shows it opens, while the cached rows show meanwhile.
 */
export const FRESH_ON_VISIT = { refetchOnMountOrArgChange: true } as const;
