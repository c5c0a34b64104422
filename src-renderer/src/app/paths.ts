/** Client routes (hash-based: the desktop app loads from file://, so the path must live in #). */
export const PATHS = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  projects: '/projects',
  team: '/team',
  performance: '/performance',
  operations: '/operations',
} as const;

/** A page of one project: its home ('') or one of its tabs. */
export const projectPath = (projectId: number, segment = '') => `/projects/${projectId}${segment ? `/${segment}` : ''}`;
