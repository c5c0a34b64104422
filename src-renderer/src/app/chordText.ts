/**
 * The one place the renderer turns a key chord into text. Chords are stored the portable way
 * (`mod+shift+z`: `mod` is Ctrl, or Command on a Mac); people read them as their platform
 * writes them: Ctrl+Shift+Z on Windows and Linux, ⇧⌘Z on macOS (Apple's order: Control,
 * Option, Shift, Command, then the key). The word "mod" never reaches the screen.
 */

/** Whether this computer writes shortcuts the Apple way (⇧⌘Z) rather than Ctrl+Shift+Z. */
export function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  // userAgentData is the current source (Chromium, Electron); platform is kept by every browser.
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  const platform = nav.userAgentData?.platform || navigator.platform || '';
  return /mac|iphone|ipad/i.test(platform);
}

type Modifier = 'mod' | 'alt' | 'shift';
/** Modifier names per platform: [others, Apple]. */
const MODIFIER_NAMES: Record<Modifier, readonly [string, string]> = { mod: ['Ctrl', '⌘'], alt: ['Alt', '⌥'], shift: ['Shift', '⇧'] };
/** The order modifiers are written in: Ctrl+Alt+Shift elsewhere, ⌥⇧⌘ on a Mac. */
const ORDER: Record<'other' | 'apple', readonly Modifier[]> = { other: ['mod', 'alt', 'shift'], apple: ['alt', 'shift', 'mod'] };
/** Named keys per platform: [others, Apple]. */
const KEY_NAMES: Record<string, readonly [string, string]> = {
  Enter: ['Enter', '↩'],
  Escape: ['Esc', 'Esc'],
  Delete: ['Delete', '⌦'],
  Backspace: ['Backspace', '⌫'],
  Tab: ['Tab', '⇥'],
  ' ': ['Space', 'Space'],
  ArrowLeft: ['←', '←'],
  ArrowRight: ['→', '→'],
  ArrowUp: ['↑', '↑'],
  ArrowDown: ['↓', '↓'],
};

/**
 * A chord as the platform writes it: `mod+shift+z` is Ctrl+Shift+Z, or ⇧⌘Z on a Mac;
 * `mod+Enter` is Ctrl+Enter or ⌘↩; a lone key stays as it is typed (`v`, `?`).
 */
export function displayChord(chord: string, apple = isApplePlatform()): string {
  const mods = new Set<Modifier>();
  let rest = chord;
  for (let m = /^(mod|alt|shift)\+(.+)$/i.exec(rest); m; m = /^(mod|alt|shift)\+(.+)$/i.exec(rest)) {
    mods.add(m[1]!.toLowerCase() as Modifier);
    rest = m[2]!;
  }
  const at = apple ? 1 : 0;
  const named = KEY_NAMES[rest];
  // A lone letter reads as the key one types (`v`); with modifiers it is written as keyboards label it (Ctrl+Z).
  const key = named ? named[at] : rest.length === 1 && mods.size > 0 ? rest.toUpperCase() : rest;
  const parts = ORDER[apple ? 'apple' : 'other'].filter((m) => mods.has(m)).map((m) => MODIFIER_NAMES[m][at]);
  return apple ? [...parts, key].join('') : [...parts, key].join('+');
}

/**
 * The platform's names of the keys a text may mention by themselves ("Enter finishes, Esc
 * cancels"), to interpolate into translated texts so prose and the shortcut sheet agree.
 */
export function keyNames(apple = isApplePlatform()): Record<'mod' | 'alt' | 'shift' | 'enter' | 'esc' | 'backspace' | 'delete' | 'space', string> {
  const at = apple ? 1 : 0;
  return {
    mod: MODIFIER_NAMES.mod[at],
    alt: MODIFIER_NAMES.alt[at],
    shift: MODIFIER_NAMES.shift[at],
    enter: KEY_NAMES.Enter![at],
    esc: KEY_NAMES.Escape![at],
    backspace: KEY_NAMES.Backspace![at],
    delete: KEY_NAMES.Delete![at],
    space: KEY_NAMES[' ']![at],
  };
}
