import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema';
import { SubjectListRepository, type SubjectFilters } from './subjectList';

/** Random probes per statement, so a statement stays small whatever the size asked. */
const PROBES_PER_STATEMENT = 500;
/** Up to this many matching subjects per subject asked for, the sample is a shuffle of them all. */
const SHUFFLE_FACTOR = 4;
/** Rounds of random probes before the rest is filled from one random starting point. */
const MAX_ROUNDS = 6;

/** mulberry32: a small, fast PRNG whose whole state is the seed, so a seed replays a sample. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Random samples of a project's subjects without reading them all. When no more than four
 * times the size asked for match, their ids are read and shuffled. Otherwise random points are
 * drawn in the id range of the matching subjects, each answered by the first matching subject
 * at or after it through the (project_id, id) or (batch_id, id) index, a few hundred probes per
 * statement. Subjects right after a gap in the ids are then a little more likely to be picked
 * than others; imports insert their subjects as runs of consecutive ids, so gaps are few.
 */
export class SubjectSampleRepository {
  private readonly list: SubjectListRepository;
  constructor(private readonly db: Kysely<Database>) {
    this.list = new SubjectListRepository(db);
  }

  /** `size` distinct matching dataIds, in id order; all of them when fewer match. */
  async sampleIds(f: SubjectFilters, size: number, seed: number): Promise<number[]> {
    if (size <= 0) return [];
    const matching = () => this.list.matching(f);
    const random = seededRandom(seed);
    // Few matching subjects for the size asked: read their ids and shuffle (exact and
    // unbiased, at most a few thousand ids through the index).
    const head = (await matching().select('s.id').orderBy('s.id').limit(size * SHUFFLE_FACTOR + 1).execute()).map((r) => r.id);
    if (head.length <= size) return head;
    if (head.length <= size * SHUFFLE_FACTOR) {
      for (let i = 0; i < size; i++) {
        const j = i + Math.floor(random() * (head.length - i));
        [head[i], head[j]] = [head[j]!, head[i]!];
      }
      return head.slice(0, size).sort((a, b) => a - b);
    }
    // Many: random probes, most of which land on a subject not picked yet.
    const lo = head[0]!;
    const hi = (await matching().select('s.id').orderBy('s.id', 'desc').limit(1).executeTakeFirstOrThrow()).id;
    const point = () => lo + Math.floor(random() * (hi - lo + 1));

    const picked = new Set<number>();
    for (let round = 0; round < MAX_ROUNDS && picked.size < size; round++) {
      const need = size - picked.size;
      // A few more probes than needed, as some land on a subject already picked.
      const points = Array.from({ length: need + Math.ceil(need / 4) + 8 }, point);
      for (const id of await this.firstAtOrAfter(f, points)) {
        if (picked.size < size) picked.add(id);
      }
    }
    // Probes kept landing on picked subjects (long gaps in the ids before a few of them): the
    // last few come in id order from a random point.
    if (picked.size < size) {
      const from = point();
      const walk = async (q: ReturnType<typeof matching>) =>
        (await q.select('s.id').where('s.id', 'not in', [...picked]).orderBy('s.id').limit(size - picked.size).execute()).map((r) => r.id);
      for (const id of await walk(matching().where('s.id', '>=', from))) picked.add(id);
      if (picked.size < size) for (const id of await walk(matching().where('s.id', '<', from))) picked.add(id);
    }
    return [...picked].sort((a, b) => a - b);
  }

  /**
   * For each point, the first matching id at or after it, in the points' order. The points are a
   * VALUES table (columns column1, column2 on both databases) and each is answered by a
   * correlated LIMIT 1 subquery: one statement, planned once (a UNION of a hundred SELECTs took
   * PostgreSQL longer to plan than to run), one index probe per point. The points are integers
   * this code drew, written as literals so PostgreSQL types them as integers.
   */
  private async firstAtOrAfter(f: SubjectFilters, points: number[]): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < points.length; i += PROBES_PER_STATEMENT) {
      const rows = points.slice(i, i + PROBES_PER_STATEMENT).map((p, k) => sql`(${sql.lit(k)}, ${sql.lit(p)})`);
      const table = sql<{ column1: number; column2: number }>`(values ${sql.join(rows)})`.as('pts');
      const found = await this.db
        .selectFrom(table)
        .select((eb) => [
          'pts.column1 as k',
          this.list.matching(f).select('s.id').where('s.id', '>=', eb.ref('pts.column2')).orderBy('s.id').limit(1).as('id'),
        ])
        .execute();
      out.push(...found.sort((a, b) => Number(a.k) - Number(b.k)).flatMap((r) => (r.id === null ? [] : [Number(r.id)])));
    }
    return out;
  }
}
