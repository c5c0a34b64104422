import type { SubjectDetail, SubjectFrame } from '../../../../../src-shared/api/subject';
import type { FrameRef } from './frameImages';

/**
 * An item's frame as the workspace loads its picture: a video item's frame i is frame
 * `firstFrame + i` of its file (docs/video.md), decoded there; any other frame is its own object.
 */
const refOf = (subject: SubjectDetail, frame: SubjectFrame): FrameRef => (subject.video ? { ...frame, video: { info: subject.video, frame: subject.video.firstFrame + frame.index } } : frame);

/** The item's frames, in order, as refOf gives them. */
export const frameRefsOf = (subject: SubjectDetail): FrameRef[] => (subject.video ? subject.frames.map((f) => refOf(subject, f)) : subject.frames);

/** The item's first frame, as refOf gives it. */
export const firstFrameRef = (subject: SubjectDetail): FrameRef | undefined => (subject.frames[0] ? refOf(subject, subject.frames[0]) : undefined);
