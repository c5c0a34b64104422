import { useWatched, type Watched } from '../../../app/watched';

/**
 * Over the canvas while a step action moves the item on: the canvas takes no input then, so
 * nothing can be drawn on an item already handed on. Reads the flag itself, so raising and
 * lowering it renders this cover and not the workspace around it.
 */
export function MovingCover({ moving }: { moving: Watched<boolean> }) {
  if (!useWatched(moving)) return null;
  return <div style={{ position: 'absolute', inset: 0, cursor: 'progress' }} data-testid="workspace-busy" />;
}
