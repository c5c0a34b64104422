import { obsRoutes } from '../../../../../src-shared/api/obs';
import { projectImportRoutes } from '../../../../../src-shared/api/projectImport';
import { api, routeRequest, type BodyOf, type DataOf } from '../../../app/apiSlice';

/** Where an import's zip goes first (the caller's own folder), and the import itself. */
export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    userUploadTarget: build.mutation<DataOf<typeof obsRoutes.userUpload>, { fileName: string; contentType: string }>({
      query: (query) => routeRequest(obsRoutes.userUpload, { query }),
    }),
    importAnnotations: build.mutation<DataOf<typeof projectImportRoutes.importAnnotations>, BodyOf<typeof projectImportRoutes.importAnnotations>>({
      query: (body) => routeRequest(projectImportRoutes.importAnnotations, { body }),
      // Applying may create labels and changes task subjects' annotations.
      invalidatesTags: (r) => (r?.written ? ['Ontology', 'TaskSubject', 'Export'] : []),
    }),
  }),
});

export const { useUserUploadTargetMutation, useImportAnnotationsMutation } = importApi;
