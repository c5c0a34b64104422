/// <reference lib="dom" />
import type { Page } from '@playwright/test';

/** One place where the layout fails a reader: what, where (a short CSS path) and the text involved. */
export interface LayoutFault {
  kind: 'page scrolls sideways' | 'box scrolls sideways' | 'text overflows its box' | 'text squeezed' | 'text cut short' | 'figure wraps';
  where: string;
  text: string;
}

/**
 * A box that may scroll sideways because the user asked for it: a data grid whose columns the
 * user widened past the window. Mark its scroll container (or an ancestor) with this attribute.
 */
export const WIDE_GRID_ATTRIBUTE = 'data-wide-grid';

/**
 * Looks at what is on screen now and answers every place where text does not fit (issue 17,
 * docs/layout.md): the page scrolls sideways; a box scrolls sideways (overflow auto/scroll with
 * scrollWidth > clientWidth) that is not a user-widened grid; a text runs past the box of an
 * ancestor (cut or spilling) with no ellipsis on the way; a box squeezed so narrow that its words
 * break letter by letter; a short figure ("3 min 14 s", "10/12") broken over two lines; a text
 * its box cuts with an ellipsis where it should be read whole (a file name, a status word: at most
 * SHORT_TEXT characters) or down to a stub (narrower than STUB_EMS ems: "astr…"). An ellipsis
 * is for a long name in a box of a sensible width, not a way for a crowded bar to hide a short
 * one: the workspace's bar cut "astronaut.png" to "astr…" with an ellipsis, which the rules
 * above took as deliberate. Runs in the page; returns plain data for the test to report.
 */
export function layoutFaults(page: Page): Promise<LayoutFault[]> {
  return page.evaluate((wideGrid) => {
    const faults: LayoutFault[] = [];
    const TOLERANCE = 1;
    const pathOf = (el: Element): string => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
        const id = e.getAttribute('data-testid');
        const cls = [...e.classList].filter((c) => !c.startsWith('css-')).slice(0, 2).join('.');
        parts.unshift(id ? `[data-testid=${id}]` : `${e.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`);
        if (id) break;
      }
      return parts.join(' > ');
    };
    const sample = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s).replace(/\s+/g, ' ').trim();

    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + TOLERANCE) faults.push({ kind: 'page scrolls sideways', where: 'html', text: `${root.scrollWidth} > ${root.clientWidth}` });

    const SHORT_TEXT = 24;
    const STUB_EMS = 6;
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!(el instanceof HTMLElement) || el.clientWidth === 0) continue;
      const style = getComputedStyle(el);
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + TOLERANCE && el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
        const text = el.innerText.trim();
        if (text && (text.length <= SHORT_TEXT || el.clientWidth < STUB_EMS * parseFloat(style.fontSize))) faults.push({ kind: 'text cut short', where: pathOf(el), text: sample(text) });
      }
      if (style.overflowX !== 'auto' && style.overflowX !== 'scroll') continue;
      if (el.scrollWidth <= el.clientWidth + TOLERANCE || el.closest(`[${wideGrid}]`)) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      faults.push({ kind: 'box scrolls sideways', where: pathOf(el), text: sample(el.innerText) });
    }

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || text.trim() === '' || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEXTAREA', 'OPTION'].includes(parent.tagName)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0) continue;

      // A short figure on more than one line: its pieces do not share one top.
      const trimmed = text.trim();
      if (/\d/.test(trimmed) && trimmed.length <= 24) {
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top / 4)));
        if (tops.size > 1) faults.push({ kind: 'figure wraps', where: pathOf(parent), text: sample(trimmed) });
      }

      // Up the ancestors: the text must lie inside each box until one that scrolls (reported
      // above), one that is positioned out of the flow (a popup holds its own text), or one that
      // ends the line with an ellipsis on purpose.
      // A word split letter by letter: the box was squeezed to a sliver (a title beside a long name).
      const own = getComputedStyle(parent);
      if (trimmed.length >= 4 && parent.clientWidth > 0 && parent.clientWidth < 2 * parseFloat(own.fontSize) && range.getClientRects().length > 1) {
        faults.push({ kind: 'text squeezed', where: pathOf(parent), text: sample(trimmed) });
      }
      for (let box: HTMLElement | null = parent; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') break;
        // Inside a box that scrolls, the text can be scrolled to: the box itself is reported above.
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') break;
        if (style.display !== 'inline' && style.display !== 'contents' && box.clientWidth > 0) {
          const b = box.getBoundingClientRect();
          const left = b.left + box.clientLeft;
          const right = left + box.clientWidth;
          if (rect.right > right + TOLERANCE || rect.left < left - TOLERANCE) {
            faults.push({ kind: 'text overflows its box', where: pathOf(box), text: sample(trimmed) });
            break;
          }
        }
        if (style.position === 'absolute' || style.position === 'fixed') break;
      }
    }
    return faults;
  }, WIDE_GRID_ATTRIBUTE);
}
