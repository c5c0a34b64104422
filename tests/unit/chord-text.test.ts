import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayChord, isApplePlatform, keyNames } from '../../src-renderer/src/app/chordText';
import { CHORD_ALIASES, COMMANDS, DEFAULT_KEYMAP } from '../../src-renderer/src/features/work/workspace/keymap';

const everyChord = [...COMMANDS.map((c) => DEFAULT_KEYMAP[c]), ...Object.keys(CHORD_ALIASES), 'alt+x', 'mod+alt+shift+k', 'c', 'Escape', ' '];

describe('chords as Windows and Linux write them', () => {
  it('names the modifiers Ctrl, Alt and Shift, joined by +, in that order', () => {
    expect(displayChord('mod+shift+z', false)).toBe('Ctrl+Shift+Z');
    expect(displayChord('mod+Enter', false)).toBe('Ctrl+Enter');
    expect(displayChord('shift+a', false)).toBe('Shift+A');
    expect(displayChord('shift+alt+mod+k', false)).toBe('Ctrl+Alt+Shift+K');
    expect(displayChord('mod++', false)).toBe('Ctrl++');
    expect(displayChord('mod+[', false)).toBe('Ctrl+[');
  });
  it('writes a lone key as it is typed and named keys by their names', () => {
    expect(displayChord('v', false)).toBe('v');
    expect(displayChord('?', false)).toBe('?');
    expect(displayChord('Delete', false)).toBe('Delete');
    expect(displayChord('Escape', false)).toBe('Esc');
    expect(displayChord(' ', false)).toBe('Space');
  });
  it('never shows "mod", for any chord of the keymap', () => {
    for (const chord of everyChord) expect(displayChord(chord, false)).not.toMatch(/mod/i);
    expect(displayChord(DEFAULT_KEYMAP.undo, false)).toBe('Ctrl+Z');
  });
  it('names the keys texts mention', () => {
    expect(keyNames(false)).toEqual({ mod: 'Ctrl', alt: 'Alt', shift: 'Shift', enter: 'Enter', esc: 'Esc', backspace: 'Backspace', delete: 'Delete', space: 'Space' });
  });
});

describe('chords as macOS writes them', () => {
  it('uses the symbols ⌃⌥⇧⌘ in Apple\'s order, run together', () => {
    expect(displayChord('mod+shift+z', true)).toBe('⇧⌘Z');
    expect(displayChord('mod+Enter', true)).toBe('⌘↩');
    expect(displayChord('alt+x', true)).toBe('⌥X');
    expect(displayChord('mod+alt+shift+k', true)).toBe('⌥⇧⌘K');
    expect(displayChord('mod+1', true)).toBe('⌘1');
  });
  it('writes named keys with the Mac keyboard\'s symbols, lone letters as typed', () => {
    expect(displayChord('Delete', true)).toBe('⌦');
    expect(displayChord('Backspace', true)).toBe('⌫');
    expect(displayChord('v', true)).toBe('v');
  });
  it('never shows "mod", Ctrl or Alt, for any chord of the keymap', () => {
    for (const chord of everyChord) expect(displayChord(chord, true)).not.toMatch(/mod|ctrl|alt/i);
  });
  it('names the keys texts mention', () => {
    expect(keyNames(true)).toMatchObject({ mod: '⌘', alt: '⌥', shift: '⇧', enter: '↩', backspace: '⌫' });
  });
});

describe('which platform this is', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('reads the platform from the browser, preferring userAgentData', () => {
    vi.stubGlobal('navigator', { platform: 'Linux x86_64' });
    expect(isApplePlatform()).toBe(false);
    expect(displayChord('mod+z')).toBe('Ctrl+Z');
    vi.stubGlobal('navigator', { platform: 'MacIntel' });
    expect(isApplePlatform()).toBe(true);
    expect(displayChord('mod+z')).toBe('⌘Z');
    vi.stubGlobal('navigator', { platform: 'Win32', userAgentData: { platform: 'macOS' } });
    expect(isApplePlatform()).toBe(true);
  });
});
