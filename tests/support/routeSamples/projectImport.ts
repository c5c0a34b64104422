import { projectImportRoutes } from '../../../src-shared/api/projectImport';
import { writeVoc } from '../../../src-server/exports/formats';
import type { OntologyFeature } from '../../../src-shared/model/ontology';
import { writeIntoZip } from '../exportSample';
import { boxes } from '../taskFixture';
import type { SampleGroup } from './types';
import { sampleTask } from './taskSubject';

const vehicles: OntologyFeature = { featureId: 1, sortOrder: 0, name: 'Vehicles', tool: 'box', labels: [{ id: 'car', name: 'car', color: '#ff0000' }], attributes: [] };

export const projectImportSamples: SampleGroup = {
  routes: projectImportRoutes,
  samples: {
    // A VOC zip with a box on the first frame of a fresh task of P, in P's dataset folder (every role of P may read it).
    importAnnotations: async (w, ctx) => {
      const t = await sampleTask(w, ctx, 1);
      const item = { dataId: 1, name: 'item_0.jpg', recordType: 'image' as const, frames: [{ frameId: 1, index: 0, fileName: 'item_0_0.jpg', width: 640, height: 480, data: boxes(1) }] };
      const { zip } = await writeIntoZip((sink) => writeVoc([item], { features: [vehicles] }, sink));
      const key = `dataset/${w.projectP}/imports/voc-sample.zip`;
      await ctx.storage.put(key, zip, 'application/zip');
      return {
        method: 'POST',
        url: '/core/project/external/import',
        payload: { projectId: w.projectP, taskId: t.taskId, format: 'voc', key, dryRun: false, createMissingLabels: true, mode: 'replace' },
      };
    },
  },
};
