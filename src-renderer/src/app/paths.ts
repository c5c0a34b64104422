/** Client routes (hash-based: the desktop app loads from file://, so the path must live in #). */
export const PATHS = {
  login: '/login',
  register: '/register',
  projects: '/projects',
} as const;
