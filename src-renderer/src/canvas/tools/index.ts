/** The drawing tools, one per ontology tool, chosen by the label's feature. */
import { BoxTool } from './boxTool';
import { CuboidTool } from './cuboidTool';
import { KeypointsTool } from './keypointsTool';
import { MaskTool } from './maskTool';
import { PointTool } from './pointTool';
import { PolygonTool } from './polygonTool';
import { PolylineTool } from './polylineTool';
import type { DrawingToolFactory } from './tool';

export const createDrawingTool: DrawingToolFactory = (template, context) => {
  switch (template.tool) {
    case 'box':
      return new BoxTool(template);
    case 'polygon':
      return new PolygonTool(template);
    case 'polyline':
      return new PolylineTool(template);
    case 'point':
      return new PointTool(template);
    case 'keypoints':
      return new KeypointsTool(template);
    case 'cuboid':
      return new CuboidTool(template);
    case 'mask':
      return new MaskTool(template, context);
  }
};

export { BoxTool, CuboidTool, KeypointsTool, MaskTool, PointTool, PolygonTool, PolylineTool };
export { MaskBrush, MASK_MODES, BRUSH_RADIUS, type MaskMode, type MaskBrushState } from './maskBrush';
export { PathTool } from './polygonTool';
export { AiPromptTool, type AiPrompt, type AiPromptListener, type AiPromptPoint } from './aiPromptTool';
export { HANDLED, NOT_HANDLED } from './tool';
export type { DrawingContext, DrawingTemplate, DrawingTool, DrawingToolFactory, DrawnObject, OverlayShape, ToolKey, ToolOutcome, ToolPointer } from './tool';
