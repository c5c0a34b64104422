import type { Migration } from './types';
import { isGeneratedStepName } from './stepNames';

/**
 * Steps are stored unnamed ('') unless a user names them, and each client shows a default in its
 * reader's language (docs/words.md). The English defaults the server wrote before become unnamed.
 */
export const m0014: Migration = {
  async up(db) {
    const rows: { id: number; type: string; name: string }[] = await db
      .selectFrom('workflows')
      .select(['id', 'type', 'name'])
      .where((eb) => eb.or([eb('name', 'like', 'annotate %'), eb('name', 'like', 'review %')]))
      .execute();
    const ids = rows.filter((r) => isGeneratedStepName(r.type, r.name)).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) {
      await db.updateTable('workflows').set({ name: '' }).where('id', 'in', ids.slice(i, i + 500)).execute();
    }
  },
};
