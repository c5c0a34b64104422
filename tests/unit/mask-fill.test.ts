import { describe, expect, it } from 'vitest';
import { fillEnclosed } from '../../src-shared/mask/fill';
import type { MaskRegion } from '../../src-shared/mask/region';
import { drawn, picture } from '../support/maskReference';

const filled = (r: MaskRegion, x: number, y: number) => {
  const out = fillEnclosed(r, x, y);
  if (typeof out === 'string') throw new Error(`expected a fill, got '${out}'`);
  expect({ x: out.x, y: out.y, width: out.width, height: out.height }).toEqual({ x: r.x, y: r.y, width: r.width, height: r.height });
  return picture(out, r.x, r.y, r.width, r.height);
};

describe('fill inside a mask', () => {
  it('fills the hole that was clicked and no other', () => {
    const r = drawn(['#######', '#..#..#', '#..#..#', '#######'], -10, 20);
    expect(filled(r, -8.5, 21.2)).toEqual(['#######', '####..#', '####..#', '#######']);
  });

  it('holds at an outline drawn with diagonal steps (unset pixels join through sides only)', () => {
    const r = drawn(['..#..', '.#.#.', '#...#', '.#.#.', '..#..']);
    expect(filled(r, 2, 2)).toEqual(['..#..', '.###.', '#####', '.###.', '..#..']);
  });

  it("answers 'open' when the clicked area reaches the region's edge, and 'set' on a set pixel", () => {
    const r = drawn(['#####', '#...#', '#....', '#####']);
    expect(fillEnclosed(r, 2, 1)).toBe('open');
    expect(fillEnclosed(drawn(['##.##', '#...#', '#####']), 1, 1)).toBe('open'); // through the top row
    expect(fillEnclosed(drawn(['#####', '#...#', '#.###']), 3, 1)).toBe('open'); // through the bottom row
    expect(fillEnclosed(r, 0, 0)).toBe('set');
    expect(fillEnclosed(r, 50, 50)).toBe('open');
    expect(fillEnclosed(drawn(['.']), 0, 0)).toBe('open');
  });

  it('fills a winding enclosed area the scanlines must revisit', () => {
    const r = drawn(['#########', '#.......#', '#.#####.#', '#.#...#.#', '#.#.#.#.#', '#...#...#', '#########']);
    expect(filled(r, 3.9, 3.1)).toEqual(['#########', '#########', '#########', '#########', '#########', '#########', '#########']);
  });

  it('does not change the region it was given', () => {
    const r = drawn(['###', '#.#', '###']);
    fillEnclosed(r, 1, 1);
    expect(picture(r, 0, 0, 3, 3)).toEqual(['###', '#.#', '###']);
  });
});
