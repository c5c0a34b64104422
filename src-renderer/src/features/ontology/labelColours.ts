/**
 * Label colours, like CVAT's: a fixed list of colours easy to tell apart on a photograph, and a
 * new label takes the first one no label of the whole ontology uses yet, so two features' first
 * labels are not both red. Past the list, colours repeat in order.
 */
export const LABEL_PALETTE = [
  '#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#42d4f4', '#f032e6', '#bfef45', '#469990', '#9a6324',
  '#ffe119', '#800000', '#aaffc3', '#808000', '#000075', '#dcbeff', '#fabed4', '#ffd8b1', '#a9a9a9', '#fffac8',
] as const;

/** The colour for a new label, given the colours every label of the ontology has now. */
export function nextLabelColour(used: readonly string[]): string {
  const taken = new Set(used.map((c) => c.toLowerCase()));
  return LABEL_PALETTE.find((c) => !taken.has(c)) ?? LABEL_PALETTE[used.length % LABEL_PALETTE.length]!;
}
