import { describe, expect, it } from 'vitest';
import { pyramidWalkStep } from '../../src-server/duties/serverDuties';

/**
 * The pyramid catch-up (a duty one server process does for all) walks the frame ids: first all
 * of them, then at each run those registered before the previous run, so a frame's own process
 * has a whole period to make its pyramid before anyone looks, and every frame is looked at once.
 */
describe('the pyramid catch-up walk', () => {
  it('looks at every frame first, then each run at what the run before it saw arrive', () => {
    const first = pyramidWalkStep(null, 100);
    expect(first).toMatchObject({ afterId: 0, upToId: 100 });
    // 30 frames arrived since: not yet theirs to look at.
    const second = pyramidWalkStep(first.note, 130);
    expect(second).toMatchObject({ afterId: 100, upToId: 100 });
    // Now the 30, a period after they arrived; the 5 newer wait for the next run.
    const third = pyramidWalkStep(second.note, 135);
    expect(third).toMatchObject({ afterId: 100, upToId: 130 });
    expect(pyramidWalkStep(third.note, 135)).toMatchObject({ afterId: 130, upToId: 135 });
  });

  it('covers every id exactly once over many runs', () => {
    const looked: number[] = [];
    let note: string | null = null;
    for (let newest = 0; newest <= 60; newest += 7) {
      const step = pyramidWalkStep(note, newest);
      for (let id = step.afterId + 1; id <= step.upToId; id++) looked.push(id);
      note = step.note;
    }
    // One more run, with nothing new: the last period's frames.
    const last = pyramidWalkStep(note, 56);
    for (let id = last.afterId + 1; id <= last.upToId; id++) looked.push(id);
    expect(looked).toEqual(Array.from({ length: 56 }, (_, i) => i + 1));
  });

  it('starts again from the first frame on a note that is not its own', () => {
    expect(pyramidWalkStep('not json', 50)).toMatchObject({ afterId: 0, upToId: 50 });
    expect(pyramidWalkStep('{"checkedTo":"x"}', 50)).toMatchObject({ afterId: 0, upToId: 50 });
    expect(pyramidWalkStep('null', 50)).toMatchObject({ afterId: 0, upToId: 50 });
  });
});
