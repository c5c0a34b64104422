import { useMemo } from 'react';
import { useProjectOntologyQuery } from '../ontology/ontologyApi';

/** A 0..1 figure as the AI tab shows it: a percentage with one decimal; no figure is a dash, never 0%. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '–' : `${(value * 100).toFixed(1)}%`;
}

/** A 0..1 figure for charts: percent with one decimal, null kept (no data is not 0). */
export const chartPercent = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value * 1000) / 10;

/**
 * Names for the label keys the AI group uses (`<featureId>:<labelId>`, as statistics and
 * training mappings carry them): "Feature / label" from the project's ontology, the key itself
 * when the label is gone.
 */
export function useLabelNames(projectId: number): (key: string) => string {
  const { data: ontology } = useProjectOntologyQuery(projectId);
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const f of ontology?.features ?? []) for (const l of f.labels ?? []) names.set(`${f.featureId}:${l.id}`, `${f.name} / ${l.name}`);
    return (key: string) => names.get(key) ?? key;
  }, [ontology]);
}

/** What a model found that no label takes, most found first: "person × 10, dog × 2" (at most `max` classes, then "…"). */
export function classCounts(unmapped: readonly { className: string; count: number }[], max = Number.POSITIVE_INFINITY): string {
  const sorted = [...unmapped].sort((a, b) => b.count - a.count);
  // "dining table × 2, cup": a class name stays as the model says it, so no plural is made up for it.
  const shown = sorted.slice(0, max).map((u) => (u.count > 1 ? `${u.className} × ${u.count}` : u.className));
  return sorted.length > max ? `${shown.join(', ')}, …` : shown.join(', ');
}
