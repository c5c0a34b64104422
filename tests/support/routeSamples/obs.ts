import { obsRoutes } from '../../../src-shared/api/obs';
import type { SampleGroup } from './types';

/**
 * Samples on project P's folders. Besides the two routes with an access rule, the routes that
 * take a free key have one too: the isolation test then proves another team's owner and an
 * outsider can neither read nor write P's files through them.
 */
export const obsSamples: SampleGroup = {
  routes: obsRoutes,
  samples: {
    projectGet: (w) => ({ method: 'GET', url: `/core/obs/project/get/${w.projectP}?path=images/0001.png` }),
    projectUpload: (w) => ({ method: 'GET', url: `/core/obs/project/upload/${w.projectP}?path=images/0002.png&contentType=image/png` }),
    url: (w) => ({ method: 'GET', url: `/core/obs/url?key=${encodeURIComponent(`dataset/${w.projectP}/images/0001.png`)}` }),
    exportGet: (w) => ({ method: 'GET', url: `/core/obs/export/get?path=${encodeURIComponent(`${w.projectP}/result.zip`)}` }),
    getFile: async (w, ctx) => {
      const key = `dataset/${w.projectP}/sample.txt`;
      await ctx.storage.put(key, Buffer.from('sample'), 'text/plain');
      return { method: 'GET', url: `/core/obs/get/file?key=${encodeURIComponent(key)}` };
    },
    upload: (w) => {
      const form = new FormData();
      form.append('key', `dataset/${w.projectP}/uploaded.png`);
      form.append('file', new Blob([Buffer.from('png bytes')], { type: 'image/png' }), 'uploaded.png');
      return { method: 'POST', url: '/core/obs/upload', payload: form };
    },
  },
};
