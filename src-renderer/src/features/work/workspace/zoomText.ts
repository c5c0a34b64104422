/**
 * The zoom as people read and type it: a percentage of the image's own size (100 % is one
 * image pixel to one screen pixel, as in CVAT and Label Studio). Pure, so the field and its
 * tests agree.
 */

/** One step of zooming in (its inverse zooms out): the keys, the buttons and the field's arrows. */
export const ZOOM_STEP = 1.25;

/** The presets offered under the field, beside "fit". */
export const ZOOM_PRESETS = [0.5, 1, 2, 4] as const;

/** `1.634` → `163%`; small zooms of huge images keep a decimal (`2.5%`), so the field never says `0%`. */
export function formatZoom(zoom: number): string {
  const percent = zoom * 100;
  if (!Number.isFinite(percent) || percent <= 0) return '';
  return percent >= 10 ? `${Math.round(percent)}%` : `${Number(percent.toFixed(1))}%`;
}

/**
 * What the user typed: a zoom (`150`, `150%`, `150 %`, `1,5` is not a percentage and is refused),
 * `'fit'` for one of the words that mean fit, or null for anything else (the field then shows the
 * zoom it had). Limits are the engine's, which clamps.
 */
export function parseZoomInput(text: string, fitWords: readonly string[]): number | 'fit' | null {
  const typed = text.trim().toLowerCase();
  if (fitWords.some((w) => w.toLowerCase() === typed)) return 'fit';
  const m = /^(\d+(?:\.\d+)?)\s*%?$/.exec(typed);
  if (!m) return null;
  const percent = Number(m[1]);
  return Number.isFinite(percent) && percent > 0 ? percent / 100 : null;
}
