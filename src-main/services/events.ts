import type { EventName, Events } from '../../src-shared/ipc';

/** Every event name, checked against Events by the compiler (a new event must be listed). */
const EVENT_NAMES: Record<EventName, true> = { 'logs.appended': true, 'logs.level': true, connectivity: true, 'storage.progress': true, 'datasets.job': true, 'datasets.file': true, 'journal.sync': true, 'packages.progress': true, 'packages.lost': true };

type Listener<E extends EventName> = (payload: Events[E]) => void;

/** Events from services to whichever host forwards them to the renderer. */
export class EventBus {
  private readonly listeners = new Map<EventName, Set<Listener<never>>>();

  emit<E extends EventName>(event: E, payload: Events[E]): void {
    this.listeners.get(event)?.forEach((l) => (l as Listener<E>)(payload));
  }

  on<E extends EventName>(event: E, listener: Listener<E>): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as Listener<never>);
    this.listeners.set(event, set);
    return () => set.delete(listener as Listener<never>);
  }

  /** Every event, for hosts that forward all of them. */
  onAny(listener: <E extends EventName>(event: E, payload: Events[E]) => void): () => void {
    const names = Object.keys(EVENT_NAMES) as EventName[];
    const offs = names.map((n) => this.on(n, (p) => listener(n, p)));
    return () => offs.forEach((off) => off());
  }
}
