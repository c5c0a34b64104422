import { describe, expect, it } from 'vitest';
import { queueLeft } from '../../src-renderer/src/features/work/workspace/itemsLeft';

describe('the queue\'s "n left" beside the open item', () => {
  const ahead = { id: 7, claimSentAt: 1_000 };

  it('counts the item claimed ahead once the server\'s count was asked after its claim', () => {
    // 3 wait on the server after the claim: with the one claimed ahead, 4 are still to do.
    expect(queueLeft(3, 1_050, ahead)(6)).toBe(4);
  });

  it('does not count it twice while the count in hand was asked before its claim', () => {
    // That count still holds it among the 4 waiting.
    expect(queueLeft(4, 900, ahead)(6)).toBe(4);
  });

  it('stops counting it in the render that opens it', () => {
    expect(queueLeft(3, 1_050, ahead)(7)).toBe(3);
  });

  it('is unknown until the server has counted', () => {
    expect(queueLeft(undefined, 0, ahead)(6)).toBeUndefined();
    expect(queueLeft(2, 0, null)(6)).toBe(2);
  });
});
