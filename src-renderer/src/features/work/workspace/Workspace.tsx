import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Flex, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AnnotationObject } from '../../../../../src-shared/model/annotation';
import { withObjectDefaults } from '../../../../../src-shared/model/attributeDefaults';
import { isUnconfirmed } from '../../../../../src-shared/model/unconfirmed';
import type { Note } from '../../../../../src-shared/api/note';
import { room } from '../../../../../src-shared/api/realtime';
import { api } from '../../../app/apiSlice';
import { useAppDispatch } from '../../../app/hooks';
import { useRoomEvents } from '../../../app/useRoomEvents';
import type { AnnotationEngine } from '../../../canvas/engine';
import { useErrorText } from '../../../app/useErrorText';
import { Watched } from '../../../app/watched';
import { useWorkstationSession } from '../../../app/useWorkstationSession';
import { stepName } from '../../../app/stepName';
import { useSignedInUser } from '../../auth/useSignedInUser';
import { useProjectOntologyQuery } from '../../ontology/ontologyApi';
import { MY_WORK_PATH } from '../paths';
import { AnnotationCanvas } from './AnnotationCanvas';
import { ClassificationPanel } from './ClassificationPanel';
import { missingAnswers } from './classificationAnswers';
import { CompareDrawer } from './CompareDrawer';
import { ConflictDialog } from './ConflictDialog';
import type { ObjectEdit } from './applyEdit';
import { FrameStrip } from './FrameStrip';
import { loadKeymap, saveKeymap } from './keymap';
import { LabelPalette } from './LabelPalette';
import { NotesPanel } from './NotesPanel';
import { ObjectPanel } from './ObjectPanel';
import { fullFeature, labelLookup, paletteOf, type PaletteEntry } from './palette';
import { RejectDialog } from './RejectDialog';
import { ReworkNotice } from './ReworkNotice';
import { ShortcutSheet } from './ShortcutSheet';
import { ToolHint } from './ToolHint';
import { useJournalState } from './useJournalState';
import { interpolationEdits } from './trackEdits';
import { useWorkspaceKeys } from './useWorkspaceKeys';
import { useHandoffNotices } from './useHandoffNotices';
import { useWorkSession, type WorkTarget } from './useWorkSession';
import type { ItemSource } from './itemSource';
import { WorkspaceEndScreen, type DoneText } from './WorkspaceEndScreen';
import { useShownImage } from './useShownImage';
import { imageKeyOf } from './frameImages';
import { frameRefsOf } from './frameRefs';
import { JUMP, useVideoPlayback, videoTimeOf } from './useVideoPlayback';
import { MediaFailure } from './MediaFailure';
import { MovingCover } from './MovingCover';
import { WorkspaceHeader } from './WorkspaceHeader';
import { useItemNotesQuery, useStepMenuQuery } from './workspaceApi';
import { AiPanel } from './ai/AiPanel';
import { AiStatus } from './ai/AiStatus';
import { captionText } from './ai/suggestions';
import { UnconfirmedDialog } from './UnconfirmedDialog';
import { useUnconfirmedSubmit } from './useUnconfirmedSubmit';
import { useAiTools } from './ai/useAiTools';
import { MaskToolbar } from './masks/MaskToolbar';
import { useTrackedItem } from './tracks/useTrackedItem';
import { TrackPanel } from './tracks/TrackPanel';
import { trackMarksOf } from './tracks/TrackMarks';
import { propagate } from '../../../../../src-shared/model/trackOps';
import { useMaskBrush } from './masks/useMaskBrush';

/**
 * The annotation and review workspace for one step of a task: the labels on the left, the
 * canvas in the middle, the objects and their attributes on the right, the step's actions on
 * top. It works through its source's items one at a time (the step's queue on the server, or a
 * work package on disk); `done` says what it says once the source has nothing left.
 */
export const Workspace = memo(function Workspace({ target, source, firstItem, done }: { target: WorkTarget; source: ItemSource; firstItem?: number; done?: DoneText }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  // Known from the workstation when the server is away (a start offline on a work package).
  const user = useSignedInUser();
  // The journal sends edits as this user; the logs note the project and task in front of them.
  useWorkstationSession(user, { projectId: target.projectId, taskId: target.taskId });
  // A hand-off the server refuses (the item moved meanwhile) is listed in the header's notice.
  const handoffNotices = useHandoffNotices();
  const session = useWorkSession(target, source, firstItem, user?.id, handoffNotices.add);
  const { item, phase } = session;
  const { data: ontology } = useProjectOntologyQuery(target.projectId);
  const { data: steps } = useStepMenuQuery({ projectId: target.projectId, taskId: target.taskId });
  const step = steps?.find((s) => s.workflowId === target.workflowId);
  const features = useMemo(() => (ontology?.features ?? []).map(fullFeature), [ontology]);
  const palette = useMemo(() => paletteOf(features), [features]);
  const classifications = useMemo(() => features.filter((f) => f.tool === 'classification'), [features]);
  const skeletons = useMemo(() => new Map(features.filter((f) => f.skeleton).map((f) => [f.featureId, f.skeleton!])), [features]);
  // Copies and interpolated objects take what their source left unanswered from the defaults, as drawn ones do (issue 31).
  const withDefaults = useMemo(() => {
    const byFeature = new Map(features.map((f) => [f.featureId, f.attributes]));
    return (list: readonly AnnotationObject[]) => withObjectDefaults(list, (featureId) => byFeature.get(featureId));
  }, [features]);
  const [sideTab, setSideTab] = useState('objects');
  const lookup = useMemo(() => labelLookup(palette), [palette]);
  const engineRef = useRef<AnnotationEngine | null>(null);
  // The same engine as state, for the parts that listen to it (the zoom field) and must render again once it exists.
  const [engine, setEngine] = useState<AnnotationEngine | null>(null);
  const [active, setActive] = useState<PaletteEntry | null>(null);
  const mask = useMaskBrush();
  const [selection, setSelection] = useState<string[]>([]);
  const [frameIndex, setFrameIndex] = useState(0);
  const [edits, setEdits] = useState(0);
  const [keymap, setKeymap] = useState(loadKeymap);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [comparing, setComparing] = useState(false);
  // A step action moving the item on: outside React state, so Submit does not render the whole
  // workspace twice on the way to the next item (only the actions and the canvas's cover read it).
  const moving = useRef(new Watched(false)).current;
  const journal = useJournalState(item?.taskSubjectId, session.editsInFlight);
  const dispatch = useAppDispatch();
  // Asked again each time an item opens: a note written while this screen was closed (the
  // reviewer's, with a rejection) came with no one here to hear its event, and a cached
  // answer from the item's last opening would hide it.
  const { data: notes } = useItemNotesQuery(
    { projectId: target.projectId, dataId: item?.open.subject.dataId ?? 0, taskSubjectId: item?.taskSubjectId ?? 0 },
    { skip: !item, refetchOnMountOrArgChange: true },
  );
  // Notes written elsewhere (the reviewer, the notes centre) appear while the item is open.
  useRoomEvents(room('project', target.projectId), (m) => {
    if (m.type === 'note.changed') dispatch(api.util.invalidateTags([{ type: 'Note', id: 'LIST' }]));
  });

  const frames = item?.open.subject.frames ?? [];
  // Where each frame's picture comes from (a video item's from its file), as the picture's loader names them.
  const refs = useMemo(() => (item ? frameRefsOf(item.open.subject) : []), [item?.open.subject]);
  const video = item?.open.subject.video;
  const shownIndex = Math.min(frameIndex, Math.max(0, frames.length - 1));
  const frame = frames[shownIndex];
  // A frame item's objects are tracks across its frames: each frame shows what they are there (tracks/useTrackedItem.ts).
  const tracked = useTrackedItem({ item, frameIndex: shownIndex, recordEdit: session.recordEdit, engineRef, onError: (err) => void message.error(errorText(err)) });
  const storedObjects = (frame && item?.frames.get(frame.frameId)?.objects) ?? null;
  // the track selected last, for its panel on frames where it is out of view
  const [trackFocus, setTrackFocus] = useState<{ item: number; id: string } | null>(null);
  const selectedTrack = tracked ? selection.find((id) => tracked.tracks.keyframes(id).length > 0) : undefined;
  useEffect(() => {
    if (selectedTrack && item) setTrackFocus({ item: item.taskSubjectId, id: selectedTrack });
  }, [selectedTrack, item]);
  const trackVersion = tracked?.version;
  // The timeline marks the keyframes of the track selected (or selected last, where it is out of view).
  const markedTrack = selectedTrack ?? (trackFocus && trackFocus.item === item?.taskSubjectId ? trackFocus.id : undefined);
  const trackMarks = useMemo(
    () => (tracked && markedTrack ? trackMarksOf(tracked.tracks, markedTrack) : undefined),
    // the tracks change in place: their version says when
    [tracked?.tracks, trackVersion, markedTrack],
  );
  const objects: readonly AnnotationObject[] = useMemo(
    () => (tracked ? tracked.objectsAt(shownIndex) : (storedObjects ?? [])),
    // the tracks change in place: their version says when
    [tracked?.tracks, trackVersion, shownIndex, storedObjects],
  );
  const frameKey = `${item?.taskSubjectId ?? 0}:${frame?.frameId ?? 0}`;
  // Objects an open note is pinned to, on this frame: the engine marks them.
  const pinned = useMemo(() => {
    const here = new Set(objects.map((o) => o.id));
    return (notes ?? []).filter((n) => n.status === 'open' && n.objectId && (n.frameId === null || n.frameId === frame?.frameId) && here.has(n.objectId)).map((n) => n.objectId!);
  }, [notes, objects, frame?.frameId]);
  const pinnedKey = pinned.join(',');
  useEffect(() => {
    engineRef.current?.highlight(pinnedKey ? pinnedKey.split(',') : []);
  }, [pinnedKey, frameKey]);
  /** A note clicked in the list: its frame shown and its object selected. */
  const showNote = useCallback(
    (note: Note) => {
      const at = note.frameId ? frames.findIndex((f) => f.frameId === note.frameId) : -1;
      if (at >= 0 && at !== frameIndex) setFrameIndex(at);
      if (note.objectId) setTimeout(() => engineRef.current?.select([note.objectId!]), 0);
    },
    [frames, frameIndex],
  );

  const ai = useAiTools({
    projectId: target.projectId,
    item,
    frameIndex: shownIndex,
    frameKey,
    engineRef,
    selection,
    palette,
    active,
    objects,
    recordEdit: tracked ? tracked.record : session.recordEdit,
    ...(tracked ? { runOnFrames: tracked.runOnFrames } : {}),
    tracked,
    goTo: setFrameIndex,
  });
  const { mode: aiMode, stopMode: stopAiMode } = ai;
  /** A mask label is armed: its toolbar shows and its keys work. */
  const maskArmed = !aiMode && active?.template.tool === 'mask';
  /** A label chosen in the palette (or by its hotkey) arms its tool, and leaves the AI polygon tool. */
  const choose = useCallback(
    (entry: PaletteEntry | null) => {
      if (aiMode) stopAiMode();
      setActive(entry);
    },
    [aiMode, stopAiMode],
  );
  const toggleAiMode = () => {
    if (!ai.mode) setActive(null);
    ai.toggleMode();
  };
  // Suggestions say what they are on the canvas: the label and the model's score beside the dashed
  // outline, and to a reviewer that nobody confirmed them (issue 31).
  const isReview = step?.type === 'review';
  const captionOf = useCallback(
    (o: AnnotationObject) =>
      isUnconfirmed(o) ? captionText(lookup.entryOf(o)?.name ?? t('work.objects.unknownLabel'), o.score, isReview ? t('work.unconfirmed.mark') : undefined) : null,
    [lookup, t, isReview],
  );

  const { shown, failure: mediaFailure, retry: retryImage } = useShownImage(session.images, item, refs, frameIndex, () => {
    // A new item starts on its first frame with no label armed, in the render that shows it.
    setFrameIndex(0);
    setActive(null);
    setSelection([]);
  });
  const image = shown?.bitmap ?? null;
  const frameDrawn = phase.kind === 'ready' && refs[shownIndex] !== undefined && shown?.key === imageKeyOf(refs[shownIndex]);
  // A video item plays; every move of the person's own (a key, the strip) stops it.
  const playback = useVideoPlayback({ images: session.images, video, refs, frameIndex: shownIndex, setFrameIndex });
  const moveTo = playback.moveTo;
  // Playing looks a frame ahead, which takes the decoder off the frame shown: paused before that
  // frame came (the first frame after a restart), the frame it stands on is asked for again.
  const playing = playback.playing;
  useEffect(() => {
    if (!playing) retryImage();
    // retryImage only bumps a counter; a pause is what counts
  }, [playing]);

  // The engine tells its selection on every new frame (empty): the same empty list renders nothing again.
  const onSelection = useCallback((ids: string[]) => setSelection((before) => (before.length === ids.length && before.every((id, i) => id === ids[i]) ? before : ids)), []);
  const onEdit = useCallback(
    (edit: ObjectEdit) => {
      if (!frame) return;
      if (tracked) tracked.fromCanvas(edit);
      else session.recordEdit(frame.frameId, edit).catch((err: unknown) => void message.error(errorText(err)));
      setEdits((n) => n + 1);
    },
    [frame, session, message, errorText, tracked],
  );

  /** Runs a step action with the buttons held, and says why it failed without losing anything. */
  const run = async (action: () => Promise<void>) => {
    if (moving.get()) return;
    moving.set(true);
    try {
      await action();
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      moving.set(false);
    }
  };
  const unconfirmed = useUnconfirmedSubmit({
    projectId: target.projectId,
    item,
    frameId: frame?.frameId,
    engineRef,
    recordEdit: tracked ? tracked.record : session.recordEdit,
    submit: () => void run(session.actions.submit),
    onError: (err) => void message.error(errorText(err)),
  });
  // The item's frames change in place as edits land; the edit count makes a new lookup each time.
  const answersOf = useCallback((frameId: number) => item?.frames.get(frameId)?.classifications ?? [], [item, edits]);
  const submit = () => {
    // An item whose picture is not on screen is not handed on as done: skip it, with the reason.
    if (mediaFailure) {
      void message.warning(t('work.media.cannotSubmit'));
      return;
    }
    // Unanswered classifications stop a submit, as in Labelbox: the panel shows what is missing.
    const missing = item ? missingAnswers(classifications, item.open.subject.frames, answersOf) : [];
    if (missing.length > 0) {
      setSideTab('classify');
      void message.warning(t('work.classificationsMissing', { count: missing.length }));
      return;
    }
    if (!isReview && !unconfirmed.mayGoOn()) return;
    void run(isReview ? session.actions.pass : session.actions.submit);
  };

  useWorkspaceKeys({
    enabled: phase.kind === 'ready' && !sheetOpen && !rejecting && unconfirmed.asking === 0,
    paused: moving.get,
    keymap,
    palette,
    engineRef,
    selection,
    onChoose: choose,
    onTouch: session.touch,
    commands: {
      acceptSuggestion: () => ai.accept(selection),
      rejectSuggestion: () => ai.reject(selection),
      acceptAllSuggestions: () => ai.accept('all'),
      rejectAllSuggestions: () => ai.reject('all'),
      ...(ai.available
        ? { aiDetect: ai.detect, aiPolygonMode: toggleAiMode, aiFitSkeleton: ai.fitSkeleton, aiPropagate: ai.propagate }
        : {}),
      ...(maskArmed ? mask.commands : {}),
      nextFrame: () => moveTo(shownIndex + 1),
      previousFrame: () => moveTo(shownIndex - 1),
      ...(video ? { playPause: playback.toggle, jumpForward: () => moveTo(shownIndex + JUMP), jumpBack: () => moveTo(shownIndex - JUMP) } : {}),
      submit,
      shortcutSheet: () => setSheetOpen(true),
      save: () => item && void session.flush(item.taskSubjectId).then(() => message.success(t('work.sync.synced'))).catch((err: unknown) => message.error(errorText(err))),
      interpolate: () => {
        if (!item || selection.length === 0) return void message.info(t('work.interpolateNothing'));
        const edits = interpolationEdits(frames.map((f) => f.frameId), item.frames, frameIndex, selection);
        if (edits.length === 0) return void message.info(t('work.interpolateNothing'));
        for (const e of edits) (tracked ? tracked.record : session.recordEdit)(e.frameId, { upsert: withDefaults(e.upsert) }).catch((err: unknown) => void message.error(errorText(err)));
        void message.success(t('work.interpolated', { count: edits.length }));
      },
      copyToNextFrame: () => {
        const next = frames[frameIndex + 1];
        if (!next || !engineRef.current) return;
        const picked = objects.filter((o) => selection.length === 0 || selection.includes(o.id));
        // a track carries on by itself: copying makes a keyframe on the next frame where it can be adjusted
        if (tracked) tracked.run(propagate(withDefaults(picked), shownIndex, 1, frames.length));
        else session.copyToFrame(next.frameId, withDefaults(picked));
        moveTo(frameIndex + 1);
      },
      ...(tracked ? { undo: tracked.undo, redo: tracked.redo } : {}),
    },
  });

  const back = () => void navigate(MY_WORK_PATH);
  const end = <WorkspaceEndScreen phase={phase} handoffsWaiting={session.handoffsWaiting} onRetry={() => void session.next()} onBack={back} done={done} />;
  if (phase.kind === 'empty' || phase.kind === 'offline' || phase.kind === 'failed') return end;

  return (
    <Flex vertical style={{ height: '100vh', minWidth: 1280 }} onPointerDown={session.touch}>
      <WorkspaceHeader
        // A step never named is called by its type ("Annotate 1"): the header then says it once.
        stepName={step && step.name.trim() !== '' ? stepName(t, step) : null}
        stepTag={step ? (step.name.trim() !== '' ? t(`work.stepType.${step.type}`) : stepName(t, step)) : ''}
        isReview={isReview}
        itemName={item?.open.subject.name ?? ''}
        left={source.left}
        leftWording={source.wording}
        journal={journal}
        handoffsWaiting={session.handoffsWaiting}
        handoffNotices={handoffNotices.notices}
        onDismissNotice={handoffNotices.dismiss}
        readyAhead={session.readyAhead}
        openId={item?.taskSubjectId}
        busy={phase.kind !== 'ready'}
        moving={moving}
        engine={engine}
        onBack={back}
        onShortcuts={() => setSheetOpen(true)}
        onSubmit={submit}
        onSkip={() => void run(() => session.actions.skip())}
        onReject={() => setRejecting(true)}
        onCompare={() => setComparing(true)}
        {...(tracked ? { onUndo: tracked.undo, onRedo: tracked.redo } : {})}
        keymap={keymap}
      />
      {item?.open.taskSubject.rework && <ReworkNotice projectId={target.projectId} taskSubjectId={item.taskSubjectId} />}
      <Flex style={{ flex: 1, minHeight: 0 }}>
        <LabelPalette
          palette={palette}
          active={active}
          onChoose={choose}
          selectChord={keymap.selectTool}
          aiTools={
            ai.available ? (
              <AiPanel ai={{ ...ai, toggleMode: toggleAiMode }} objects={objects} selection={selection} keymap={keymap} frameCount={frames.length} frameIndex={shownIndex} />
            ) : null
          }
        />
        {/* Overflow hidden: what lies over the canvas (a notice, the media failure) never grows the page. */}
        <div style={{ position: 'relative', flex: 1, minWidth: 0, overflow: 'hidden' }} data-testid="workspace-stage" data-item={frameDrawn ? item?.taskSubjectId : undefined}>
          <AnnotationCanvas
            frameKey={frameKey}
            image={image}
            objects={objects}
            colorOf={lookup.colorOf}
            skeletons={skeletons}
            drawing={aiMode ? aiMode.template : (active?.template ?? null)}
            drawingTool={aiMode?.tool ?? null}
            captionOf={captionOf}
            onEdit={onEdit}
            onSelection={onSelection}
            engineRef={engineRef}
            onEngine={setEngine}
            maskBrush={mask.brush}
            onNotice={(key) => void message.info(t(key))}
          />
          {maskArmed && <MaskToolbar brush={mask.brush} state={mask.state} keymap={keymap} />}
          {mediaFailure && phase.kind === 'ready' && (
            <MediaFailure reason={mediaFailure.reason} moving={moving} onRetry={retryImage} onSkip={(reason) => void run(() => session.actions.skip(reason))} />
          )}
          <AiStatus busy={ai.busy} mode={aiMode !== null} outlineShown={ai.outlineShown} onCancel={ai.cancel} onLeaveMode={stopAiMode} />
          {/* The same place says what an ordinary tool's next click does, when the AI says nothing there. */}
          {!aiMode && !ai.busy && <ToolHint engine={engine} />}
          {/* While an item moves on, the canvas takes no input: nothing can be drawn on an item already handed on. */}
          {phase.kind === 'ready' && <MovingCover moving={moving} />}
          {phase.kind !== 'ready' && (
            <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0, background: 'rgba(0,0,0,0.35)' }}>
              <Spin size="large" description={phase.kind === 'claiming' ? t(source.wording.taking) : t('work.loading')} />
            </Flex>
          )}
        </div>
        <Tabs
          style={{ width: 316, height: '100%', flex: 'none' }}
          // Each panel takes the tab's height and scrolls inside itself.
          styles={{ body: { height: '100%' }, content: { height: '100%' } }}
          size="small"
          tabBarStyle={{ margin: '0 8px' }}
          activeKey={sideTab}
          onChange={setSideTab}
          items={[
            { key: 'objects', label: t('work.objectsTab'), children: (
                <ObjectPanel
                  objects={objects}
                  selection={selection}
                  lookup={lookup}
                  features={features}
                  engine={engine}
                  keymap={keymap}
                  trackPanel={tracked && <TrackPanel tracked={tracked} selection={selection} focus={trackFocus && trackFocus.item === item?.taskSubjectId ? trackFocus.id : null} frameIndex={shownIndex} frameCount={frames.length} onGoTo={moveTo} />}
                />
              ),
            },
            {
              key: 'notes',
              label: t('work.notes.tab', { count: notes?.length ?? 0 }),
              children: item ? (
                <NotesPanel
                  notes={notes ?? []}
                  projectId={target.projectId}
                  dataId={item.open.subject.dataId}
                  taskSubjectId={item.taskSubjectId}
                  frameId={frame?.frameId}
                  selectedObjectId={selection.length === 1 ? selection[0] : undefined}
                  onShow={showNote}
                />
              ) : null,
            },
            ...(classifications.length > 0 && item && frame
              ? [
                  {
                    key: 'classify',
                    label: t('classify.title'),
                    children: (
                      <div style={{ padding: 8, overflowY: 'auto', height: '100%', boxSizing: 'border-box' }}>
                        <ClassificationPanel
                          features={classifications}
                          frames={item.open.subject.frames}
                          currentFrameId={frame.frameId}
                          answersOf={answersOf}
                          onChange={(frameId, list) => {
                            session.recordEdit(frameId, { classifications: list }).catch((err: unknown) => void message.error(errorText(err)));
                            setEdits((n) => n + 1);
                          }}
                        />
                      </div>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Flex>
      {(frames.length > 1 || video) && (
        <FrameStrip
          count={frames.length}
          index={shownIndex}
          onChange={moveTo}
          keymap={keymap}
          {...(trackMarks ? { marks: trackMarks } : {})}
          video={video && { info: video, playing: playback.playing, onToggle: playback.toggle, timeOf: (i) => videoTimeOf(session.images, video, i) }}
        />
      )}
      <ShortcutSheet
        open={sheetOpen}
        keymap={keymap}
        labelHotkeys={palette.filter((e) => e.hotkey).map((e) => ({ hotkey: e.hotkey!, name: e.name }))}
        onChange={(k) => {
          setKeymap(k);
          saveKeymap(k);
        }}
        onClose={() => setSheetOpen(false)}
        aiAvailable={ai.available}
        videoOpen={video !== undefined}
      />
      <CompareDrawer open={comparing} onClose={() => setComparing(false)} taskSubjectId={item?.taskSubjectId} frame={frame} objects={objects} lookup={lookup} engineRef={engineRef} shown={shown} frameDrawn={frameDrawn} />
      <ConflictDialog
        open={journal?.state === 'conflict'}
        pending={journal?.pending ?? 0}
        onResolve={(keep) => session.resolveConflict(keep).catch((err: unknown) => void message.error(errorText(err)))}
      />
      <UnconfirmedDialog {...unconfirmed.dialog} />
      <RejectDialog
        projectId={target.projectId}
        open={rejecting}
        selectedObjectId={selection.length === 1 ? selection[0] : undefined}
        frameId={frame?.frameId}
        onCancel={() => setRejecting(false)}
        onReject={async (input) => {
          await run(() => session.actions.reject(input));
          setRejecting(false);
        }}
      />
    </Flex>
  );
});
