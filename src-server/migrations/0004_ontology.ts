import type { Migration } from './types';

/** Ontologies: features (a tool, labels, attributes) a project's annotators draw with. */
export const m0004: Migration = {
  async up() {},
};
