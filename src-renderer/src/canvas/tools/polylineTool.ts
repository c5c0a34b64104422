/** The polyline tool: a polygon's drawing left open; Enter or a double click finishes it with two or more points. */
import { PathTool } from './polygonTool';
import type { DrawingTemplate } from './tool';

export class PolylineTool extends PathTool {
  constructor(template: DrawingTemplate) {
    super('polyline', template);
  }
}
