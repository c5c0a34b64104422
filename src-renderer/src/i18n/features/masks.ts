/**
 * The mask tool's words (issue 32): its toolbar over the canvas, what it says when a press does
 * nothing, and the conversions between masks and polygons in the object list.
 */
import type { EnglishOf } from '../plural';

export const masksZh = {
  toolbar: '蒙版工具',
  mode: { brush: '画笔', eraser: '橡皮擦', fill: '填充' },
  modeTip: { brush: '画笔：在对象上涂抹（{{key}}）', eraser: '橡皮擦：擦掉蒙版的像素（{{key}}）', fill: '填充：点击蒙版围住的区域，把它填满（{{key}}）' },
  size: '大小',
  sizeTip: '画笔半径（像素）：{{smaller}} / {{larger}} 或按住 {{shift}} 滚动滚轮调整',
  takeOthers: '覆盖其他蒙版',
  takeOthersTip: '开：新的笔画从经过的其他蒙版中拿走这些像素。关：只画在没有其他蒙版的地方。锁定的蒙版始终保留自己的像素。',
  notice: {
    fillOpen: '这个区域没有被蒙版围住，无法填充。先用画笔把它围起来。',
    fillNoMask: '这里没有可以填充的蒙版。先选中一个蒙版，或者用画笔画一个。',
    nothingFree: '这一笔经过的地方都属于其他蒙版，没有画上任何像素。打开"覆盖其他蒙版"可以画在它们上面。',
  },
  toMask: '转为蒙版',
  toMaskTip: '把选中的多边形和矩形框转为同名标签的蒙版',
  toPolygons: '转为多边形',
  toPolygonsTip: '把选中的蒙版转为同名标签的多边形（保留中间的空洞）',
  noTargetLabel: '本体里没有名为"{{label}}"的{{tool}}标签，无法转换。',
  converted_other: '已转换 {{count, number}} 个对象',
};

export const masksEn: EnglishOf<typeof masksZh> = {
  toolbar: 'Mask tool',
  mode: { brush: 'Brush', eraser: 'Eraser', fill: 'Fill' },
  modeTip: { brush: 'Brush: paint over the object ({{key}})', eraser: 'Eraser: takes pixels out of masks ({{key}})', fill: 'Fill: click an area a mask encloses to fill it ({{key}})' },
  size: 'Size',
  sizeTip: 'Brush radius in pixels: {{smaller}} / {{larger}} or {{shift}}+wheel change it',
  takeOthers: 'Paint over other masks',
  takeOthersTip: 'On: a new stroke takes its pixels from the other masks it crosses. Off: it paints only where no other mask is. Locked masks always keep their pixels.',
  notice: {
    fillOpen: 'This area is not enclosed by the mask, so it cannot be filled. Close it with the brush first.',
    fillNoMask: 'There is no mask here to fill. Select a mask first, or paint one with the brush.',
    nothingFree: 'Everything this stroke crossed belongs to other masks: nothing was painted. Turn on "Paint over other masks" to paint over them.',
  },
  toMask: 'To mask',
  toMaskTip: 'Turns the selected polygons and boxes into masks of the label of the same name',
  toPolygons: 'To polygons',
  toPolygonsTip: 'Turns the selected masks into polygons of the label of the same name (holes kept)',
  noTargetLabel: 'The ontology has no {{tool}} label named "{{label}}": nothing was converted.',
  converted_one: '{{count, number}} object converted',
  converted_other: '{{count, number}} objects converted',
};
