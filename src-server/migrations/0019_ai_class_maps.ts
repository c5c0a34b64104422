import type { Migration } from './types';

/**
 * The classes of a model mapped to a project's labels by a person (docs/ai-models.md, "Classes
 * and labels"): asked once, remembered per project and model, editable on the AI tab.
 */
export const m0019: Migration = {
  async up(db, { bigint }) {
    await db.schema
      .createTable('ai_class_maps')
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('model_id', 'integer', (c) => c.notNull().references('ai_models.id').onDelete('cascade'))
      .addColumn('class_name', 'varchar(128)', (c) => c.notNull())
      .addColumn('feature_id', 'integer')
      .addColumn('label_id', 'varchar(32)')
      .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('decided_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('ai_class_maps_pk', ['project_id', 'model_id', 'class_name'])
      .execute();
  },
};
