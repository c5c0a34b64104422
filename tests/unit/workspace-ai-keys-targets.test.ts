import { describe, expect, it } from 'vitest';
import type { OntologyFeature } from '../../src-shared/model/ontology';
import { entryKey, targetOf, targetsFor } from '../../src-renderer/src/features/work/workspace/ai/aiTargets';
import { AI_COMMANDS, aliasesOf, chordOf, commandFor, COMMANDS, DEFAULT_KEYMAP } from '../../src-renderer/src/features/work/workspace/keymap';
import { paletteOf } from '../../src-renderer/src/features/work/workspace/palette';

const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('the AI tools on the keyboard', () => {
  it('gives every command its own chord, the AI ones included', () => {
    const chords = COMMANDS.map((c) => DEFAULT_KEYMAP[c]);
    expect(new Set(chords).size).toBe(chords.length);
    expect(AI_COMMANDS.every((c) => COMMANDS.includes(c))).toBe(true);
  });

  it('accepts with Shift+A and rejects with Shift+X, leaving a alone for the previous frame', () => {
    expect(commandFor(DEFAULT_KEYMAP, chordOf(key('A', { shiftKey: true }))!)).toBe('acceptSuggestion');
    expect(commandFor(DEFAULT_KEYMAP, chordOf(key('a'))!)).toBe('previousFrame');
    expect(commandFor(DEFAULT_KEYMAP, chordOf(key('X', { shiftKey: true }))!)).toBe('rejectSuggestion');
    expect(commandFor(DEFAULT_KEYMAP, chordOf(key('A', { shiftKey: true, ctrlKey: true }))!)).toBe('acceptAllSuggestions');
  });

  it('redoes with Ctrl+Y as well, until the user gives Ctrl+Y to another command', () => {
    expect(commandFor(DEFAULT_KEYMAP, chordOf(key('y', { ctrlKey: true }))!)).toBe('redo');
    expect(commandFor(DEFAULT_KEYMAP, chordOf(key('y', { metaKey: true }))!)).toBe('redo');
    expect(aliasesOf(DEFAULT_KEYMAP, 'redo')).toEqual(['mod+y']);
    const taken = { ...DEFAULT_KEYMAP, fit: 'mod+y' };
    expect(commandFor(taken, 'mod+y')).toBe('fit');
    expect(aliasesOf(taken, 'redo')).toEqual([]);
  });
});

const feature = (featureId: number, tool: OntologyFeature['tool'], labels: string[], extra: Partial<OntologyFeature> = {}): OntologyFeature =>
  ({ featureId, name: `f${featureId}`, tool, sortOrder: featureId, labels: labels.map((name) => ({ id: name, name, color: '#000000' })), attributes: [], ...extra }) as OntologyFeature;

describe('where each AI tool puts its answer', () => {
  const palette = paletteOf([
    feature(1, 'box', ['car', 'person']),
    feature(2, 'polygon', ['road', 'sky']),
    feature(3, 'keypoints', ['pose'], { skeleton: { points: [{ id: 'nose', name: 'nose' }], edges: [] } }),
    feature(4, 'keypoints', ['bare']),
    feature(5, 'mask', ['cat']),
  ]);

  it('offers detections every box, polygon and mask label (the segmenter outlines the boxes), outlines the polygon and mask labels, skeletons the keypoint labels that have one', () => {
    expect(targetsFor(palette, 'box').map((e) => e.name)).toEqual(['car', 'person', 'road', 'sky', 'cat']);
    expect(targetsFor(palette, 'polygon').map((e) => e.name)).toEqual(['road', 'sky', 'cat']);
    expect(targetsFor(palette, 'keypoints').map((e) => e.name)).toEqual(['pose']);
  });

  it('uses the label picked for the tool, else the first; detection without a pick goes by class name', () => {
    expect(targetOf(palette, 'polygon', undefined)?.name).toBe('road');
    expect(targetOf(palette, 'polygon', entryKey({ featureId: 2, labelId: 'sky' }))?.name).toBe('sky');
    expect(targetOf(palette, 'polygon', entryKey({ featureId: 1, labelId: 'car' }))?.name).toBe('road');
    expect(targetOf(palette, 'box', undefined)).toBeUndefined();
    expect(targetOf(palette, 'box', '1:person')?.name).toBe('person');
  });
});
