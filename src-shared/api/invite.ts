import type { defineRoute } from './route';

/** The Invite routes of the spec's section 7. */
export const inviteRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>;
