import type { defineRoute } from './route';

/** The Group routes of the spec's section 7. */
export const groupRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>;
