import { describe, expect, it } from 'vitest';
import { BudgetCache } from '../../src-shared/mask/budgetCache';

describe('a cache bounded by the size of what it holds', () => {
  it('lets the least recently used go first, never the one just put, and says what it let go', () => {
    const gone: string[] = [];
    const c = new BudgetCache<string, string>(10, (v) => v.length, (v) => gone.push(v));
    c.set('a', 'aaaa');
    c.set('b', 'bbbb');
    expect(c.get('a')).toBe('aaaa'); // a is now the newer
    c.set('c', 'cccc'); // 12 > 10: b, the least recently used, goes
    expect(gone).toEqual(['bbbb']);
    expect(c.peek('b')).toBeUndefined();
    c.set('big', 'x'.repeat(30)); // over the budget alone: everything else goes, it stays
    expect(gone).toEqual(['bbbb', 'aaaa', 'cccc']);
    expect(c.peek('big')).toHaveLength(30);
    c.set('big', 'y'); // replaced: the old value is let go
    expect(gone).toEqual(['bbbb', 'aaaa', 'cccc', 'x'.repeat(30)]);
  });

  it('peek does not count as a use', () => {
    const c = new BudgetCache<string, string>(8, (v) => v.length);
    c.set('a', 'aaaa');
    c.set('b', 'bbbb');
    c.peek('a');
    c.set('c', 'cccc');
    expect(c.peek('a')).toBeUndefined();
    expect(c.peek('b')).toBe('bbbb');
  });
});
