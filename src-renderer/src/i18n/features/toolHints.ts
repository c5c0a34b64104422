/**
 * What the canvas says of the next click while an ordinary drawing tool is armed, per tool and
 * per state of its state machine (the AI polygon tool says its own, in aiWorkspace). Typed: a
 * missing key fails to compile. Keys: {{enter}}, {{esc}}, {{backspace}}, {{alt}}, {{shift}}.
 */
export const toolHintsZh = {
  box: {
    idle: '拖过对象，或先点一个角再点对角',
    pointing: '拖到对角松开，或松开后再点对角',
    dragging: '在对角处松开',
    placing: '点击对角完成矩形框 · {{esc}} 取消',
  },
  polygon: {
    idle: '点击放下第一个顶点（按住 {{shift}} 拖动可自由绘制）',
    drawing: '点击下一个顶点；点第一个顶点、双击或按 {{enter}} 闭合 · {{backspace}} 撤回一个点 · {{esc}} 取消',
  },
  polyline: {
    idle: '点击放下第一个点（按住 {{shift}} 拖动可自由绘制）',
    drawing: '点击下一个点；双击或按 {{enter}} 完成 · {{backspace}} 撤回一个点 · {{esc}} 取消',
  },
  point: {
    idle: '点击放下点',
    pointing: '松开放下点 · {{esc}} 取消',
  },
  keypoints: {
    idle: '按顺序点击骨架上的点（指针旁是下一个点的名称）；N 跳过一个点',
    placing: '点击下一个点；N 跳过，{{alt}} 点击标为被遮挡，{{enter}} 提前完成 · {{backspace}} 撤回 · {{esc}} 取消',
  },
  cuboid: {
    idle: '先画正面：拖过对象，或先点一个角再点对角',
    pointing: '拖到正面的对角松开，或松开后再点对角',
    dragging: '在正面的对角处松开',
    placing: '点击正面的对角 · {{esc}} 取消',
    back: '移动指针拉出背面，点击放下 · {{esc}} 取消',
  },
  mask: {
    idle: '在对象上涂抹；笔画加到选中的蒙版上 · {{enter}} 开始画新的蒙版',
    drawing: '松开完成这一笔 · {{esc}} 取消这一笔',
  },
};

export const toolHintsEn: typeof toolHintsZh = {
  box: {
    idle: 'Drag across the object, or click one corner and then the opposite one',
    pointing: 'Drag to the opposite corner, or release and click it',
    dragging: 'Release at the opposite corner',
    placing: 'Click the opposite corner to finish the box · {{esc}} cancels',
  },
  polygon: {
    idle: 'Click the first vertex ({{shift}}-drag draws freehand)',
    drawing: 'Click the next vertex; click the first one, double-click or press {{enter}} to close · {{backspace}} takes a point back · {{esc}} cancels',
  },
  polyline: {
    idle: 'Click the first point ({{shift}}-drag draws freehand)',
    drawing: 'Click the next point; double-click or press {{enter}} to finish · {{backspace}} takes a point back · {{esc}} cancels',
  },
  point: {
    idle: 'Click where the point goes',
    pointing: 'Release to put the point down · {{esc}} cancels',
  },
  keypoints: {
    idle: 'Click the skeleton\'s points in order (the next one\'s name is by the pointer); N skips one',
    placing: 'Click the next point; N skips it, {{alt}}-click marks it occluded, {{enter}} finishes early · {{backspace}} takes it back · {{esc}} cancels',
  },
  cuboid: {
    idle: 'Draw the front face first: drag across the object, or click two opposite corners',
    pointing: 'Drag to the front face\'s opposite corner, or release and click it',
    dragging: 'Release at the front face\'s opposite corner',
    placing: 'Click the front face\'s opposite corner · {{esc}} cancels',
    back: 'Move to pull the back face out, then click to put it down · {{esc}} cancels',
  },
  mask: {
    idle: 'Paint over the object; strokes add to the selected mask · {{enter}} starts a new mask',
    drawing: 'Release to finish the stroke · {{esc}} cancels it',
  },
};
