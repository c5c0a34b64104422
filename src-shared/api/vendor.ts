import type { defineRoute } from './route';

/** The Vendor routes of the spec's section 7. */
export const vendorRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>;
