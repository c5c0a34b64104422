/** A typed event emitter whose on() answers its own unsubscribe, the shape React effects want. */
export class Emitter<Events extends Record<string, unknown>> {
  private listeners = new Map<keyof Events, Set<(value: never) => void>>();

  on<K extends keyof Events>(event: K, listener: (value: Events[K]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<K extends keyof Events>(event: K, value: Events[K]): void {
    for (const l of this.listeners.get(event) ?? []) (l as (value: Events[K]) => void)(value);
  }

  clear(): void {
    this.listeners.clear();
  }
}
