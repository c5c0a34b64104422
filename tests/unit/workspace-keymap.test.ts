import { describe, expect, it } from 'vitest';
import { chordOf, commandFor, conflictOf, DEFAULT_KEYMAP, loadKeymap, mergeKeymap, saveKeymap } from '../../src-renderer/src/features/work/workspace/keymap';

const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

/** A Storage stand-in with the two methods the keymap uses. */
function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('workspace keymap', () => {
  it('names Ctrl+Z and Cmd+Z the same chord, so undo works on every platform', () => {
    expect(chordOf(key('z', { ctrlKey: true }))).toBe('mod+z');
    expect(chordOf(key('Z', { metaKey: true, shiftKey: true }))).toBe('mod+shift+z');
    expect(commandFor(DEFAULT_KEYMAP, chordOf(key('z', { ctrlKey: true }))!)).toBe('undo');
    expect(commandFor(DEFAULT_KEYMAP, chordOf(key('Z', { ctrlKey: true, shiftKey: true }))!)).toBe('redo');
  });

  it('reads ? as itself rather than shift+/, and ignores a lone modifier', () => {
    expect(chordOf(key('?', { shiftKey: true }))).toBe('?');
    expect(commandFor(DEFAULT_KEYMAP, '?')).toBe('shortcutSheet');
    expect(chordOf(key('Shift', { shiftKey: true }))).toBeNull();
    expect(chordOf(key('Enter', { ctrlKey: true }))).toBe('mod+Enter');
  });

  it('refuses a remap onto a key another command or a label already uses, and says which', () => {
    expect(conflictOf(DEFAULT_KEYMAP, 'fit', 'mod+z', [])).toEqual({ command: 'undo' });
    expect(conflictOf(DEFAULT_KEYMAP, 'fit', 'c', [{ hotkey: 'C', name: 'car' }])).toEqual({ label: 'car' });
    expect(conflictOf(DEFAULT_KEYMAP, 'fit', 'x', [{ hotkey: 'c', name: 'car' }])).toBeNull();
  });

  it('keeps a remap across restarts and stores only what differs from the defaults', () => {
    const storage = memoryStorage();
    saveKeymap({ ...DEFAULT_KEYMAP, fit: 'x' }, storage);
    expect(JSON.parse(storage.data.get('workspace.keymap.v1')!)).toEqual({ fit: 'x' });
    const loaded = loadKeymap(storage);
    expect(loaded.fit).toBe('x');
    expect(loaded.undo).toBe('mod+z');
  });

  it('falls back to the defaults when the stored keymap is corrupt or names unknown commands', () => {
    expect(loadKeymap(memoryStorage({ 'workspace.keymap.v1': '{not json' }))).toEqual(DEFAULT_KEYMAP);
    expect(mergeKeymap({ nonsense: 'q', fit: '', undo: 42 })).toEqual(DEFAULT_KEYMAP);
  });
});
