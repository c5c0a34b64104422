/**
 * Tracks on frame items (issue 33): the selected track's panel in the workspace's object list.
 */
import type { EnglishOf } from '../plural';

export const tracksZh = {
  title: '轨迹',
  state: { keyframe: '本帧是关键帧', interpolated: '本帧为插值', outside: '本帧不在画面中' },
  keyframes_other: '{{count, number}} 个关键帧',
  previousKeyframe: '上一个关键帧',
  nextKeyframe: '下一个关键帧',
  outside: '从本帧起离开画面',
  outsideTip: '对象从本帧起不在画面中，直到下一个关键帧再出现',
  inView: '回到画面',
  inViewTip: '对象从本帧起重新出现在画面中',
  removeKeyframe: '删除本关键帧',
  split: '从本帧拆分',
  splitTip: '本帧之前保留原轨迹，从本帧起成为一条新轨迹',
  merge: '合并两条轨迹',
  mergeTip: '把第二条选中的轨迹并入第一条：它的关键帧改用第一条的标签',
  delete: '删除整条轨迹',
  propagate: '复制到后面',
  propagateTip: '把选中轨迹在本帧的形状作为关键帧复制到后面的帧，之后可逐帧调整',
  propagateFrames: '复制到后面的帧数',
  frames: '帧',
};

export const tracksEn: EnglishOf<typeof tracksZh> = {
  title: 'Track',
  state: { keyframe: 'Keyframe here', interpolated: 'Interpolated here', outside: 'Out of view here' },
  keyframes_one: '{{count, number}} keyframe',
  keyframes_other: '{{count, number}} keyframes',
  previousKeyframe: 'Previous keyframe',
  nextKeyframe: 'Next keyframe',
  outside: 'Out of view from here',
  outsideTip: 'The object is out of view from this frame until its next keyframe',
  inView: 'Back in view',
  inViewTip: 'The object is in view again from this frame',
  removeKeyframe: 'Remove this keyframe',
  split: 'Split here',
  splitTip: 'Up to the frame before stays this track; from this frame on it is a new track',
  merge: 'Merge the two tracks',
  mergeTip: 'Joins the second selected track into the first: its keyframes take the first one\'s label',
  delete: 'Delete the whole track',
  propagate: 'Copy ahead',
  propagateTip: 'Copies the selected tracks\' shapes on this frame as keyframes onto the frames ahead, to adjust one by one',
  propagateFrames: 'Frames to propagate to',
  frames: 'frames',
};
