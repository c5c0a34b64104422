import type { defineRoute } from './route';

/** The Team routes of the spec's section 7. */
export const teamRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>;
