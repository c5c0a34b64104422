import type { Migration } from './types';

/**
 * Ontologies: features (a tool, labels, attributes) a project's annotators draw with. One
 * ontology per project; features are rows so they can be listed, filtered and deleted one by
 * one, each with its definition as versioned JSON text.
 */
export const m0004: Migration = {
  async up(db, { id, bigint }) {
    await db.schema
      .createTable('ontologies')
      .addColumn('id', id.type, id.build)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('description', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('ontologies_project', ['project_id'])
      .execute();

    await db.schema
      .createTable('ontology_features')
      .addColumn('id', id.type, id.build)
      .addColumn('ontology_id', 'integer', (c) => c.notNull().references('ontologies.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('tool', 'varchar(16)', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull())
      .addColumn('label_count', 'integer', (c) => c.notNull())
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .execute();
    // Features are always read per ontology in their order.
    await db.schema.createIndex('ontology_features_order').on('ontology_features').columns(['ontology_id', 'sort_order', 'id']).execute();
  },
};
