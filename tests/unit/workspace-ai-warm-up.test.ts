/**
 * Which model a frame shown is got ready for (useAiWarmUp): with the segmenter, the model service
 * computes the frame's image embedding, about a second of its CPU per frame, so only a project
 * that draws outlines or masks asks for it.
 */
import { describe, expect, it } from 'vitest';
import type { AiModel } from '../../src-shared/api/ai';
import { warmModelOf } from '../../src-renderer/src/features/work/workspace/ai/useAiWarmUp';

const model = (modelId: number, tool: AiModel['tool'], extra: Partial<AiModel> = {}): AiModel =>
  ({ modelId, name: `m${modelId}`, tool, state: 'ready', isDefault: true, ...extra }) as AiModel;
const models = [model(1, 'box'), model(2, 'polygon'), model(3, 'keypoints')];

describe('the model a frame is got ready for', () => {
  it('is the outline tool\'s default when the project draws polygons or masks', () => {
    expect(warmModelOf(models, [{ tool: 'box' }, { tool: 'polygon' }])?.modelId).toBe(2);
    expect(warmModelOf(models, [{ tool: 'mask' }])?.modelId).toBe(2);
  });

  it('is the detector\'s default, never the segmenter, in a project without outlines or masks', () => {
    expect(warmModelOf(models, [{ tool: 'box' }, { tool: 'keypoints' }])?.modelId).toBe(1);
    expect(warmModelOf([model(2, 'polygon'), model(3, 'keypoints')], [{ tool: 'keypoints' }])?.modelId).toBe(3);
    expect(warmModelOf([model(2, 'polygon')], [{ tool: 'box' }])).toBeUndefined();
  });

  it('passes over models that are not ready', () => {
    expect(warmModelOf([model(2, 'polygon', { state: 'loading' }), model(1, 'box')], [{ tool: 'polygon' }])?.modelId).toBe(1);
  });
});
