/**
 * The workspace's keyboard: every command has a default chord the user can remap; label
 * hotkeys come from the ontology and are looked up after the commands. Pure functions, so the
 * sheet, the listener and the tests agree on one table.
 */

/** Commands of the workspace reachable by keyboard. */
export const COMMANDS = [
  'selectTool',
  'undo',
  'redo',
  'deleteSelection',
  'toggleHidden',
  'toggleLocked',
  'bringToFront',
  'sendToBack',
  'zoomIn',
  'zoomOut',
  'fit',
  'actualSize',
  'nextFrame',
  'previousFrame',
  'playPause',
  'jumpForward',
  'jumpBack',
  'copyToNextFrame',
  'interpolate',
  'save',
  'submit',
  'shortcutSheet',
  'acceptSuggestion',
  'rejectSuggestion',
  'acceptAllSuggestions',
  'rejectAllSuggestions',
  'aiDetect',
  'aiPolygonMode',
  'aiFitSkeleton',
  'aiPropagate',
  'maskBrush',
  'maskEraser',
  'maskFill',
  'brushSmaller',
  'brushLarger',
] as const;
export type Command = (typeof COMMANDS)[number];

/** Commands that ask a model: they exist only where the caller may use AI (GET /ai/allow). */
export const AI_COMMANDS = ['aiDetect', 'aiPolygonMode', 'aiFitSkeleton', 'aiPropagate'] as const satisfies readonly Command[];
export type AiCommand = (typeof AI_COMMANDS)[number];

/** Commands of a video item's playback: they exist only while a video item is open. */
export const VIDEO_COMMANDS = ['playPause', 'jumpForward', 'jumpBack'] as const satisfies readonly Command[];

/** A key press as a chord string: modifiers in a fixed order, then the key (`mod+shift+z`, `Delete`, `f`). */
export type Chord = string;

export const DEFAULT_KEYMAP: Readonly<Record<Command, Chord>> = {
  selectTool: 'v',
  undo: 'mod+z',
  redo: 'mod+shift+z',
  deleteSelection: 'Delete',
  toggleHidden: 'h',
  toggleLocked: 'l',
  bringToFront: 'mod+]',
  sendToBack: 'mod+[',
  zoomIn: '=',
  zoomOut: '-',
  fit: 'f',
  actualSize: 'mod+1',
  nextFrame: 'd',
  previousFrame: 'a',
  // Space pans while held (as in image editors): play and pause take K, as in video players and
  // editors (YouTube, Premiere, DaVinci Resolve); Shift with an arrow jumps ten frames, as Premiere.
  playPause: 'k',
  jumpForward: 'shift+ArrowRight',
  jumpBack: 'shift+ArrowLeft',
  copyToNextFrame: 'mod+shift+c',
  interpolate: 'shift+i',
  save: 'mod+s',
  submit: 'mod+Enter',
  shortcutSheet: '?',
  // `a` is the previous frame; with shift it keeps the selected suggestion (and with mod, every one).
  acceptSuggestion: 'shift+a',
  rejectSuggestion: 'shift+x',
  acceptAllSuggestions: 'mod+shift+a',
  rejectAllSuggestions: 'mod+shift+x',
  aiDetect: 'shift+d',
  aiPolygonMode: 'shift+p',
  aiFitSkeleton: 'shift+k',
  aiPropagate: 'shift+t',
  // The mask tool's, as in image editors: B brush, E eraser, G the paint bucket, [ and ] the size.
  maskBrush: 'b',
  maskEraser: 'e',
  maskFill: 'g',
  brushSmaller: '[',
  brushLarger: ']',
};

/**
 * Second chords some commands answer to as well, as other tools taught people (Ctrl+Y redoes in
 * CVAT, Label Studio and most editors), as long as no command of the keymap has taken them.
 */
export const CHORD_ALIASES: Readonly<Record<Chord, Command>> = { 'mod+y': 'redo' };

/** Keys that only ever modify another key: a chord is never just one of them. */
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'OS']);

/** The chord of a key event; null for a lone modifier. Letters are lower-cased; shift is kept only when it is not already in the character (`?` not `shift+?`). */
export function chordOf(e: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): Chord | null {
  if (MODIFIER_KEYS.has(e.key)) return null;
  const letter = e.key.length === 1 && /[a-z]/i.test(e.key);
  const key = letter ? e.key.toLowerCase() : e.key;
  // Shift changes printable symbols by itself (? is shift+/); it counts only for letters and named keys.
  const shiftCounts = letter || e.key.length > 1;
  const parts = [e.ctrlKey || e.metaKey ? 'mod' : '', e.altKey ? 'alt' : '', e.shiftKey && shiftCounts ? 'shift' : ''].filter(Boolean);
  return [...parts, key].join('+');
}

/** A keymap after the user's changes; unknown commands and empty chords in the stored copy are ignored. */
export function mergeKeymap(overrides: Partial<Record<string, unknown>> | null | undefined): Record<Command, Chord> {
  const map: Record<Command, Chord> = { ...DEFAULT_KEYMAP };
  for (const command of COMMANDS) {
    const chord = overrides?.[command];
    if (typeof chord === 'string' && chord.trim() !== '') map[command] = chord;
  }
  return map;
}

/** Which command a chord runs in this keymap, if any (a free alias runs its command). */
export function commandFor(keymap: Readonly<Record<Command, Chord>>, chord: Chord): Command | undefined {
  return COMMANDS.find((c) => keymap[c] === chord) ?? aliasOf(keymap, chord);
}

/** The command a chord stands in for, while no command of the keymap uses that chord itself. */
function aliasOf(keymap: Readonly<Record<Command, Chord>>, chord: Chord): Command | undefined {
  const command = CHORD_ALIASES[chord];
  return command && !COMMANDS.some((c) => keymap[c] === chord) ? command : undefined;
}

/** The alias chords a command answers to in this keymap. */
export const aliasesOf = (keymap: Readonly<Record<Command, Chord>>, command: Command): Chord[] =>
  Object.keys(CHORD_ALIASES).filter((chord) => aliasOf(keymap, chord) === command);

/** Another command already using the chord, or a label whose hotkey it is: remapping onto it would hide one of them. */
export function conflictOf(
  keymap: Readonly<Record<Command, Chord>>,
  command: Command,
  chord: Chord,
  labelHotkeys: readonly { hotkey: string; name: string }[],
): { command: Command } | { label: string } | null {
  const other = COMMANDS.find((c) => c !== command && keymap[c] === chord);
  if (other) return { command: other };
  const label = labelHotkeys.find((l) => l.hotkey.toLowerCase() === chord);
  return label ? { label: label.name } : null;
}

const STORAGE_KEY = 'workspace.keymap.v1';

/** The user's keymap as stored on this workstation. */
export function loadKeymap(storage: Pick<Storage, 'getItem'> = localStorage): Record<Command, Chord> {
  try {
    return mergeKeymap(JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Record<string, unknown> | null);
  } catch {
    // A hand-edited or corrupted entry falls back to the defaults rather than leaving keys dead.
    return { ...DEFAULT_KEYMAP };
  }
}

export function saveKeymap(keymap: Readonly<Record<Command, Chord>>, storage: Pick<Storage, 'setItem'> = localStorage): void {
  const changed = Object.fromEntries(COMMANDS.filter((c) => keymap[c] !== DEFAULT_KEYMAP[c]).map((c) => [c, keymap[c]]));
  storage.setItem(STORAGE_KEY, JSON.stringify(changed));
}
