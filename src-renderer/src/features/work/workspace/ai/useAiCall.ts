import { useCallback, useRef, useState } from 'react';
import { App } from 'antd';
import type { AiPredictionBody, AiPredictionResult, AiTool } from '../../../../../../src-shared/api/ai';
import { useErrorText } from '../../../../app/useErrorText';
import type { Latest } from './aiInput';
import type { useWorkspaceAiPredictionMutation } from './aiWorkspaceApi';

/** What is being waited for. */
export type AiBusy = 'detect' | 'polygon' | 'skeleton' | 'propagate';

type Predict = ReturnType<typeof useWorkspaceAiPredictionMutation>[0];

/** After the next paint: when what was added is on screen. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * One model call at a time on the frame shown, and what the person is told about it: what is
 * awaited, the failure, what the answers came to, how long the last outline took to show. A newer
 * call or a stop drops the pending one; its answer, when it comes, is ignored.
 */
export function useAiCall(latest: Latest, predict: Predict, modelPicked: Partial<Record<AiTool, number>>) {
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [busy, setBusy] = useState<AiBusy | null>(null);
  const [error, setError] = useState<string | null>(null);
  /**
   * What the last answer came to ("3 suggestions shown", "also found: 2 dogs"), in the panel
   * rather than as toasts: toasts pile up over the top of the canvas and take the clicks meant
   * for it. Emptied by the next call and by another frame.
   */
  const [notes, setNotes] = useState<string[]>([]);
  const note = useCallback((text: string) => setNotes((n) => (n.includes(text) ? n : [...n, text])), []);
  const [lastMs, setLastMs] = useState<number | null>(null);
  /** calls answered (or failed) so far: the page shows it, so a test can wait for an answer rather than for time */
  const [answered, setAnswered] = useState(0);
  const pending = useRef<{ seq: number; abort: () => void } | null>(null);
  /** calls started or stopped so far: a caller that notes it before asking knows after whether a newer call or a stop came */
  const seq = useRef(0);

  /** Stops waiting: the answer, when it comes, is dropped. */
  const stop = useCallback(() => {
    seq.current++;
    pending.current?.abort();
    pending.current = null;
    setBusy(null);
  }, []);

  /** Another frame: what was said about the old one goes. */
  const forget = useCallback(() => {
    setError(null);
    // The same empty list when there were none: a new one would render the workspace again on
    // the way from Submit to the next item drawn.
    setNotes((n) => (n.length === 0 ? n : []));
  }, []);

  const fail = useCallback(
    (err: unknown) => {
      const text = errorText(err);
      setError(text);
      // one at a time: a second failure replaces the first rather than stacking over the canvas
      void message.error({ content: text, key: 'ai-error' });
    },
    [errorText, message],
  );

  /** One call; null when it failed (said), was superseded or cancelled, or the frame changed meanwhile. */
  const ask = useCallback(
    async (kind: AiBusy, body: Omit<AiPredictionBody, 'taskSubjectId' | 'frameId'>): Promise<AiPredictionResult | null> => {
      const { item, frameIndex, frameKey } = latest.current;
      const frame = item?.open.subject.frames[frameIndex];
      if (!item || !frame) return null;
      pending.current?.abort();
      const mine = ++seq.current;
      const modelId = modelPicked[body.tool];
      const request = predict({ taskSubjectId: item.taskSubjectId, frameId: frame.frameId, ...body, ...(modelId ? { modelId } : {}) });
      pending.current = { seq: mine, abort: () => request.abort() };
      setBusy(kind);
      setError(null);
      setNotes([]);
      try {
        const answer = await request.unwrap();
        return mine === seq.current && latest.current.frameKey === frameKey ? answer : null;
      } catch (err) {
        if (mine === seq.current) fail(err);
        return null;
      } finally {
        if (mine === seq.current) {
          pending.current = null;
          setBusy(null);
          setAnswered((n) => n + 1);
        }
      }
    },
    // latest is a ref: the same object on every render
    [predict, modelPicked, fail],
  );

  /** Keeps, once what was added is painted, the time since `started` (performance.now()) as the last figure. */
  const shownSince = async (started: number) => {
    await painted();
    setLastMs(Math.round(performance.now() - started));
  };

  return {
    busy,
    error,
    clearError: () => setError(null),
    notes,
    note,
    clearNotes: () => setNotes([]),
    lastMs,
    answered,
    seq,
    stop,
    forget,
    fail,
    ask,
    shownSince,
  };
}

export type AiCall = ReturnType<typeof useAiCall>;
