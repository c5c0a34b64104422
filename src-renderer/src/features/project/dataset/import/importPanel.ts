import type { ReactNode } from 'react';

/** One way of importing inside the import dialog (ImportDialog): its form, its start button, and whether it is at work. */
export interface ImportPanel {
  body: ReactNode;
  footer: ReactNode;
  /** reading, scanning or starting: the choice of side waits */
  busy: boolean;
  /** the dialog closes: stop what runs in the page (reading files) */
  stop: () => void;
}
