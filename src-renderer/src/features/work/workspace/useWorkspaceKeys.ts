import { useEffect, useRef } from 'react';
import type { AnnotationEngine } from '../../../canvas/engine';
import { chordOf, commandFor, type Chord, type Command } from './keymap';
import type { PaletteEntry } from './palette';
import { ZOOM_STEP } from './zoomText';

/** Commands the page runs itself; the rest act on the engine directly. */
type PageCommands = Partial<Record<Command, () => void>>;

/** Keys typed into a field belong to the field. */
/** Inputs that take no typing: a key pressed while one has the focus (after a click on it) is the workspace's. */
const NOT_TYPED = new Set(['radio', 'checkbox', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/**
 * Keys typed into a text field are the field's; everything else is the workspace's, whatever has
 * the focus. A radio or a checkbox keeps the focus after a click, and counting it as a text field
 * left the label hotkeys dead after an attribute was answered with the mouse.
 */
export const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || (target instanceof HTMLInputElement && !NOT_TYPED.has(target.type)));

/** What each engine command does to the selection or the view. */
function engineCommand(engine: AnnotationEngine, command: Command, selection: readonly string[]): boolean {
  const objects = new Map(engine.objects().map((o) => [o.id, o]));
  const picked = selection.map((id) => objects.get(id)).filter((o) => o !== undefined);
  switch (command) {
    case 'undo':
      engine.undo();
      return true;
    case 'redo':
      engine.redo();
      return true;
    case 'deleteSelection':
      if (picked.length > 0) engine.removeObjects(picked.filter((o) => !o.locked).map((o) => o.id));
      return true;
    case 'toggleHidden':
      engine.updateObjects(picked.map((o) => o.id), (o) => ({ hidden: !o.hidden }));
      return true;
    case 'toggleLocked':
      engine.updateObjects(picked.map((o) => o.id), (o) => ({ locked: !o.locked }));
      return true;
    case 'bringToFront':
      engine.reorder([...selection], 'front');
      return true;
    case 'sendToBack':
      engine.reorder([...selection], 'back');
      return true;
    case 'zoomIn':
      engine.zoomBy(ZOOM_STEP);
      return true;
    case 'zoomOut':
      engine.zoomBy(1 / ZOOM_STEP);
      return true;
    case 'fit':
      engine.fit();
      return true;
    case 'actualSize':
      engine.oneToOne();
      return true;
    default:
      return false;
  }
}

/**
 * The workspace keyboard: the drawing tool first (Enter, Escape, Backspace while drawing), then
 * the user's keymap, then the labels' hotkeys (which arm that label's tool). Keys typed into a
 * form field are left alone.
 */
export function useWorkspaceKeys(p: {
  enabled: boolean;
  /** asked at each key: true while the keys must do nothing for a moment (a step action moving the item on) */
  paused?: () => boolean;
  keymap: Record<Command, Chord>;
  palette: readonly PaletteEntry[];
  engineRef: React.RefObject<AnnotationEngine | null>;
  selection: readonly string[];
  onChoose: (entry: PaletteEntry | null) => void;
  onTouch: () => void;
  commands: PageCommands;
}) {
  const latest = useRef(p);
  latest.current = p;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const { enabled, keymap, palette, engineRef, selection, onChoose, onTouch, commands } = latest.current;
      if (!enabled || latest.current.paused?.() || typingInto(e.target)) return;
      const engine = engineRef.current;
      const chord = chordOf(e);
      if (!chord || !engine) return;
      onTouch();
      if (engine.key({ key: e.key, shift: e.shiftKey, alt: e.altKey, mod: e.ctrlKey || e.metaKey })) return e.preventDefault();
      const command = commandFor(keymap, chord);
      if (command === 'selectTool') {
        onChoose(null);
        return e.preventDefault();
      }
      if (command && commands[command]) {
        commands[command]!();
        return e.preventDefault();
      }
      if (command && engineCommand(engine, command, selection)) return e.preventDefault();
      const label = palette.find((entry) => entry.hotkey && entry.hotkey.toLowerCase() === chord);
      if (label) {
        onChoose(label);
        e.preventDefault();
      }
    };
    // Releases matter to tools too (shift lets go of a square box).
    const onKeyUp = (e: KeyboardEvent) => {
      if (!latest.current.enabled || latest.current.paused?.() || typingInto(e.target)) return;
      latest.current.engineRef.current?.keyUp({ key: e.key, shift: e.shiftKey, alt: e.altKey, mod: e.ctrlKey || e.metaKey });
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, []);
}
