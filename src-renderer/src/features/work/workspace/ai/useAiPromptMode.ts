import { useCallback, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { AnnotationObject, Point2 } from '../../../../../../src-shared/model/annotation';
import { maskToPolygons } from '../../../../../../src-shared/mask/contours';
import { AiPromptTool, type AiPrompt } from '../../../../canvas/tools/aiPromptTool';
import type { DrawingTemplate } from '../../../../canvas/tools/tool';
import { engineOf, type Latest } from './aiInput';
import type { AiCall } from './useAiCall';
import type { AiTargets } from './useAiTargets';

/** What the tool shows of an answer before it is kept: a polygon's points, a mask's largest outline. */
function outlineOf(o: AnnotationObject): Point2[] | null {
  if (o.tool === 'polygon') return o.geometry.points;
  if (o.tool !== 'mask') return null;
  const rings = maskToPolygons(o.geometry);
  return rings.reduce<Point2[] | null>((best, r) => (!best || r.length > best.length ? r : best), null);
}

/**
 * The AI polygon mode: the person drags a box and clicks the object on the canvas, every change
 * of the prompt asks for an outline (the newest wins), Enter keeps the outline on screen as a
 * suggestion, Esc leaves. Stopping a call here also takes the tool's spinner away.
 */
export function useAiPromptMode(latest: Latest, t: TFunction, call: AiCall, targets: AiTargets) {
  const { ask, note, seq, stop, shownSince } = call;
  const [mode, setMode] = useState<{ tool: AiPromptTool; template: DrawingTemplate } | null>(null);
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const modeAnswer = useRef<AnnotationObject | null>(null);
  /** the AI polygon tool has an outline on screen to keep */
  const [outlineShown, setOutlineShown] = useState(false);
  const showOutline = (tool: AiPromptTool, outline: AnnotationObject | null) => {
    modeAnswer.current = outline;
    tool.setPreview(outline ? outlineOf(outline) : null);
    setOutlineShown(outline !== null);
  };

  /** Stops waiting: the answer, when it comes, is dropped. */
  const cancel = useCallback(() => {
    stop();
    if (modeRef.current) {
      modeRef.current.tool.setWaiting(false);
      engineOf(latest)?.repaint();
    }
    // latest is a ref: the same object on every render
  }, [stop]);

  /** The outline on screen is no longer one to keep (another frame, the mode left). */
  const dropOutline = useCallback(() => {
    modeAnswer.current = null;
    setOutlineShown(false);
  }, []);

  const stopMode = useCallback(() => {
    cancel();
    dropOutline();
    setMode(null);
  }, [cancel, dropOutline]);

  const onPrompt = async (tool: AiPromptTool, prompt: AiPrompt) => {
    const e = engineOf(latest);
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
    const outline = answer?.frames[0]?.objects.find((o) => o.tool === 'polygon' || o.tool === 'mask') ?? null;
    showOutline(tool, outline);
    e?.repaint();
    if (answer && !outline) note(t('aiWorkspace.nothingOutlined'));
    if (outline) await shownSince(started);
  };

  /** Enter (or Keep): the outline on screen becomes a suggestion on the frame, and the tool is ready for the next object. */
  const keepOutline = () => {
    const e = engineOf(latest);
    const outline = modeAnswer.current;
    if (!e || !outline || !mode) return;
    e.select(e.change({ add: [outline] }).map((o) => o.id));
    mode.tool.clear();
    showOutline(mode.tool, null);
    e.repaint();
  };
  // The tool is made once per mode; it calls the newest of these, which see this render's targets.
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

  return {
    mode,
    outlineShown,
    cancel,
    dropOutline,
    stopMode,
    keepOutline,
    toggleMode: () => (mode ? stopMode() : startMode()),
  };
}
