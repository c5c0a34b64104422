import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { AI_TRACK_MAX_FRAMES, type AiModel, type AiPredictionBody, type AiPredictionResult, type AiTool } from '../../../../../../src-shared/api/ai';
import type { AnnotationObject } from '../../../../../../src-shared/model/annotation';
import { defaultNewId, type AnnotationEngine } from '../../../../canvas/engine';
import { AiPromptTool, type AiPrompt } from '../../../../canvas/tools/aiPromptTool';
import type { DrawingTemplate } from '../../../../canvas/tools/tool';
import { useErrorText } from '../../../../app/useErrorText';
import type { ObjectEdit } from '../applyEdit';
import type { PaletteEntry } from '../palette';
import type { OpenItem } from '../useWorkSession';
import { entryKey, targetOf, targetsFor, type TargetTool } from './aiTargets';
import { useWorkspaceAiAllowQuery, useWorkspaceAiModelsQuery, useWorkspaceAiPredictionMutation } from './aiWorkspaceApi';
import { acceptChange, placeOnFrames, promptBox, rejectIds, showSuggestions, trackObjectsOf, unmappedText } from './suggestions';

/** What is being waited for. */
export type AiBusy = 'detect' | 'polygon' | 'skeleton' | 'propagate';

/** The confidence the slider starts at, as the server's own default. */
export const DEFAULT_MIN_SCORE = 0.3;
/** Detections are asked for down to this score (or the slider's, if lower), so moving the slider shows more without asking again. */
const DETECT_FLOOR = 0.1;
export const DEFAULT_PROPAGATE_FRAMES = 5;

export interface AiToolsInput {
  projectId: number;
  item: OpenItem | null;
  frameIndex: number;
  /** changes with the item and the frame shown: answers asked for another frame are dropped */
  frameKey: string;
  engineRef: React.RefObject<AnnotationEngine | null>;
  selection: readonly string[];
  palette: readonly PaletteEntry[];
  /** the label armed in the palette: an AI tool of its kind takes it as its target */
  active: PaletteEntry | null;
  /** the frame's objects as shown */
  objects: readonly AnnotationObject[];
  recordEdit: (frameId: number, edit: ObjectEdit) => Promise<void>;
}

/** After the next paint: when what was added is on screen. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * The workspace's AI tools: detect on the frame, outline from a box or clicks, fit a skeleton,
 * follow the selection into the next frames, accept and reject. Every change goes through the
 * engine as one undoable edit (the engine reports it to the journal like any other); the
 * objects followed onto other frames go to the journal per frame and ride on one undo step of
 * this frame (engine.change with a side effect). A failed or abandoned call changes nothing.
 */
export function useAiTools(p: AiToolsInput) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { data: allow } = useWorkspaceAiAllowQuery(p.projectId);
  const available = allow?.mayUse === true;
  const { data: models } = useWorkspaceAiModelsQuery(p.projectId, { skip: !available });
  const [predict] = useWorkspaceAiPredictionMutation();
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
  const [minScore, setMinScore] = useState(DEFAULT_MIN_SCORE);
  const [propagateFrames, setPropagateFrames] = useState(DEFAULT_PROPAGATE_FRAMES);
  const [replaceBox, setReplaceBox] = useState(false);
  const [picked, setPicked] = useState<Partial<Record<TargetTool, string>>>({});
  const [modelPicked, setModelPicked] = useState<Partial<Record<AiTool, number>>>({});
  const [mode, setMode] = useState<{ tool: AiPromptTool; template: DrawingTemplate } | null>(null);
  const latest = useRef(p);
  latest.current = p;
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const pending = useRef<{ seq: number; abort: () => void } | null>(null);
  const seq = useRef(0);
  /** the last detection's answer per frame, for the slider */
  const detections = useRef(new Map<string, { objects: AnnotationObject[]; floor: number }>());
  const modeAnswer = useRef<AnnotationObject | null>(null);
  /** the AI polygon tool has an outline on screen to keep */
  const [outlineShown, setOutlineShown] = useState(false);
  const showOutline = (tool: AiPromptTool, outline: AnnotationObject | null) => {
    modeAnswer.current = outline;
    tool.setPreview(outline?.tool === 'polygon' ? outline.geometry.points : null);
    setOutlineShown(outline !== null);
  };

  // A label armed in the palette becomes the target of the tool that draws its kind.
  useEffect(() => {
    const a = p.active;
    if (!a) return;
    const tool: TargetTool | null = a.tool === 'polygon' ? 'polygon' : a.tool === 'keypoints' && a.template.skeleton ? 'keypoints' : null;
    if (tool) setPicked((m) => ({ ...m, [tool]: entryKey(a) }));
  }, [p.active]);

  const targets = useMemo(
    () => ({ box: targetOf(p.palette, 'box', picked.box), polygon: targetOf(p.palette, 'polygon', picked.polygon), keypoints: targetOf(p.palette, 'keypoints', picked.keypoints) }),
    [p.palette, picked],
  );
  const modelsOf = useCallback((tool: AiTool): AiModel[] => (models ?? []).filter((m) => m.tool === tool), [models]);

  /** Stops waiting: the answer, when it comes, is dropped. */
  const cancel = useCallback(() => {
    seq.current++;
    pending.current?.abort();
    pending.current = null;
    setBusy(null);
    if (modeRef.current) {
      modeRef.current.tool.setWaiting(false);
      latest.current.engineRef.current?.repaint();
    }
  }, []);

  const stopMode = useCallback(() => {
    cancel();
    modeAnswer.current = null;
    setOutlineShown(false);
    setMode(null);
  }, [cancel]);

  // Another frame or item: what was asked for the old one is dropped, the prompt with it.
  useEffect(() => {
    cancel();
    modeAnswer.current = null;
    setOutlineShown(false);
    setError(null);
    // The same empty list when there were none: a new one would render the workspace again on
    // the way from Submit to the next item drawn.
    setNotes((n) => (n.length === 0 ? n : []));
  }, [p.frameKey, cancel]);

  // A frame shown is got ready in the model service (downloaded and decoded) before the person
  // asks for anything: on a 2-megapixel photo that is most of the first call's wait. Silent: a
  // failure here is said, if at all, by the call that needs the frame.
  const warmModel = useMemo(() => {
    const ready = (models ?? []).filter((m) => m.state === 'ready');
    return ready.find((m) => m.tool === 'polygon' && m.isDefault) ?? ready.find((m) => m.tool === 'box' && m.isDefault) ?? ready[0];
  }, [models]);
  useEffect(() => {
    const frame = p.item?.open.subject.frames[p.frameIndex];
    if (!available || !warmModel || !p.item || !frame) return;
    const request = predict({ taskSubjectId: p.item.taskSubjectId, frameId: frame.frameId, tool: warmModel.tool, modelId: warmModel.modelId, warm: true });
    request.unwrap().catch(() => undefined);
    // once per frame shown (frameKey), not per render of the item
  }, [p.frameKey, available, warmModel, predict]);

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
    [predict, modelPicked, fail],
  );

  const engine = () => latest.current.engineRef.current;
  const frameId = () => latest.current.item?.open.subject.frames[latest.current.frameIndex]?.frameId;
  const say = useCallback((unmapped: AiPredictionResult['unmapped']) => {
    if (unmapped.length) note(t('aiWorkspace.unmapped', { list: unmappedText(unmapped) }));
  }, [note, t]);

  /** The one selected object, when it is a box. */
  const selectedBox = (): AnnotationObject | undefined => {
    const sel = latest.current.selection;
    const o = sel.length === 1 ? engine()?.objects().find((x) => x.id === sel[0]) : undefined;
    return o?.tool === 'box' ? o : undefined;
  };

  const detect = async (score = minScore) => {
    const floor = Math.min(DETECT_FLOOR, score);
    const target = targets.box;
    const { frameKey } = latest.current;
    const answer = await ask('detect', { tool: 'box', minScore: floor, ...(target ? { featureId: target.featureId, labelId: target.labelId } : {}) });
    const e = engine();
    if (!answer || !e) return;
    const found = answer.frames.find((f) => f.frameId === frameId())?.objects ?? [];
    detections.current.set(frameKey, { objects: found, floor });
    const edit = showSuggestions(e.objects(), found, score);
    if (edit.add.length || edit.remove.length) e.change(edit);
    const shown = found.filter((o) => (o.score ?? 1) >= score).length;
    if (found.length === 0) note(t('aiWorkspace.noneFound'));
    else note(t('aiWorkspace.detected', { count: shown, below: found.length - shown, score: score.toFixed(2) }));
    say(answer.unmapped);
  };

  /** The slider let go: the last detection of this frame shown at the new score, asked again only below what was asked. */
  const changeMinScore = (score: number) => {
    setMinScore(score);
    const cached = detections.current.get(latest.current.frameKey);
    const e = engine();
    if (!cached || !e) return;
    if (score < cached.floor) return void detect(score);
    const edit = showSuggestions(e.objects(), cached.objects, score);
    if (edit.add.length || edit.remove.length) e.change(edit);
  };

  const polygonFromBox = async () => {
    const box = selectedBox();
    const target = targets.polygon;
    if (!box) return note(t('aiWorkspace.selectBox'));
    if (!target) return note(t('aiWorkspace.noTarget'));
    const started = performance.now();
    const answer = await ask('polygon', { tool: 'polygon', box: promptBox(box), featureId: target.featureId, labelId: target.labelId });
    const e = engine();
    if (!answer || !e) return;
    const made = answer.frames[0]?.objects ?? [];
    if (!made.length) return note(t('aiWorkspace.nothingOutlined'));
    // One edit: the outline added, and the box gone only when the person asked for that.
    const added = e.change({ add: made, remove: replaceBox && !box.locked ? [box.id] : [] });
    e.select(added.map((o) => o.id));
    await painted();
    setLastMs(Math.round(performance.now() - started));
  };

  const fitSkeleton = async () => {
    const box = selectedBox();
    const target = targets.keypoints;
    if (!box) return note(t('aiWorkspace.selectBox'));
    if (!target) return note(t('aiWorkspace.noSkeleton'));
    const answer = await ask('skeleton', { tool: 'keypoints', box: promptBox(box), featureId: target.featureId, labelId: target.labelId });
    const e = engine();
    if (!answer || !e) return;
    const made = answer.frames[0]?.objects ?? [];
    if (!made.length) return note(t('aiWorkspace.noPose'));
    e.select(e.change({ add: made.slice(0, 1) }).map((o) => o.id));
  };

  const propagate = async () => {
    const { item, frameIndex, selection, recordEdit } = latest.current;
    const e = engine();
    if (!item || !e) return;
    const following = item.open.subject.frames.length - 1 - frameIndex;
    if (following <= 0) return note(t('aiWorkspace.lastFrame'));
    const { objects, skipped } = trackObjectsOf(e.objects(), selection);
    if (!objects.length) return note(t('aiWorkspace.selectToPropagate'));
    const frames = Math.max(1, Math.min(propagateFrames, following, AI_TRACK_MAX_FRAMES));
    const answer = await ask('propagate', { tool: 'tracking', objects, frames });
    if (!answer) return;
    const placed = placeOnFrames(answer.frames, item.frames, defaultNewId);
    if (!placed.length) return note(t('aiWorkspace.lost'));
    // The journal's unit is one frame: each frame gets its own entry, and the lot is one undo step here.
    const write = (edits: { frameId: number; edit: ObjectEdit }[]) => {
      for (const w of edits) recordEdit(w.frameId, w.edit).catch(fail);
    };
    const put = placed.map((f) => ({ frameId: f.frameId, edit: { upsert: f.upsert } }));
    const takeBack = placed.map((f) => ({ frameId: f.frameId, edit: { remove: f.upsert.map((o) => o.id) } }));
    write(put);
    e.change({}, { undo: () => write(takeBack), redo: () => write(put) });
    note(t('aiWorkspace.propagated', { count: objects.length, frames: placed.length }));
    if (skipped) note(t('aiWorkspace.propagateSkipped', { count: skipped }));
  };

  const onPrompt = async (tool: AiPromptTool, prompt: AiPrompt) => {
    const e = engine();
    const target = targets.polygon;
    if (!prompt.box && !prompt.points.some((q) => q.positive)) {
      // Nothing to outline yet (no box, only background clicks): wait for more.
      cancel();
      showOutline(tool, null);
      tool.setWaiting(false);
      return e?.repaint();
    }
    if (!target) return note(t('aiWorkspace.noTarget'));
    const started = performance.now();
    tool.setWaiting(true);
    e?.repaint();
    const mine = seq.current + 1;
    const answer = await ask('polygon', {
      tool: 'polygon',
      featureId: target.featureId,
      labelId: target.labelId,
      ...(prompt.box ? { box: prompt.box } : {}),
      ...(prompt.points.length ? { points: prompt.points } : {}),
    });
    // A newer prompt went out meanwhile (it draws its own answer), or the tool was left.
    if (seq.current !== mine) return;
    tool.setWaiting(false);
    const outline = answer?.frames[0]?.objects.find((o) => o.tool === 'polygon') ?? null;
    showOutline(tool, outline);
    e?.repaint();
    if (answer && !outline) note(t('aiWorkspace.nothingOutlined'));
    if (outline) {
      await painted();
      setLastMs(Math.round(performance.now() - started));
    }
  };

  /** Enter (or Keep): the outline on screen becomes a suggestion on the frame, and the tool is ready for the next object. */
  const keepOutline = () => {
    const e = engine();
    const outline = modeAnswer.current;
    if (!e || !outline || !mode) return;
    e.select(e.change({ add: [outline] }).map((o) => o.id));
    mode.tool.clear();
    showOutline(mode.tool, null);
    e.repaint();
  };
  const keepRef = useRef(keepOutline);
  keepRef.current = keepOutline;
  const promptRef = useRef(onPrompt);
  promptRef.current = onPrompt;

  const startMode = () => {
    const target = targets.polygon;
    if (!target) return note(t('aiWorkspace.noTarget'));
    const tool: AiPromptTool = new AiPromptTool({
      prompt: (prompt) => void promptRef.current(tool, prompt),
      accept: () => keepRef.current(),
      cancel: () => stopMode(),
    });
    setMode({ tool, template: target.template });
  };

  const accept = (ids: readonly string[] | 'all') => {
    const e = engine();
    const replace = e ? acceptChange(e.objects(), ids) : [];
    if (e && replace.length) e.change({ replace });
  };
  const reject = (ids: readonly string[] | 'all') => {
    const e = engine();
    const remove = e ? rejectIds(e.objects(), ids) : [];
    if (e && remove.length) e.change({ remove });
  };

  return {
    available,
    serviceOnline: allow?.serviceOnline ?? false,
    busy,
    error,
    clearError: () => setError(null),
    notes,
    clearNotes: () => setNotes([]),
    lastMs,
    answered,
    minScore,
    propagateFrames,
    setPropagateFrames,
    replaceBox,
    setReplaceBox,
    targets,
    targetsFor: (tool: TargetTool) => targetsFor(p.palette, tool),
    pick: (tool: TargetTool, key: string | undefined) => setPicked((m) => ({ ...m, [tool]: key })),
    modelsOf,
    modelPicked,
    pickModel: (tool: AiTool, modelId: number | undefined) => setModelPicked((m) => ({ ...m, [tool]: modelId })),
    mode,
    outlineShown,
    hasSelectedBox: p.selection.length === 1 && p.objects.find((o) => o.id === p.selection[0])?.tool === 'box',
    cancel,
    changeMinScore,
    detect: () => void detect(),
    polygonFromBox: () => void polygonFromBox(),
    toggleMode: () => (mode ? stopMode() : startMode()),
    stopMode,
    keepOutline,
    fitSkeleton: () => void fitSkeleton(),
    propagate: () => void propagate(),
    accept,
    reject,
  };
}

export type AiTools = ReturnType<typeof useAiTools>;
