/**
 * The generator's calls (staff-side.md §4, §7, §8): GET /api/images, POST /api/images/runs,
 * POST /api/images/runs/{id}/cancel, GET /api/images/keys/{key}/history, POST /api/images/{id}/apply,
 * POST /api/images/balance/refresh. Answers checked with the contracts' schemas.
 */
import {
  IMAGE_TEXTS,
  applyImageResponseSchema,
  imageHistorySchema,
  imageRunSchema,
  imagesOverviewSchema,
  type SiteImageKey,
  type StartImageRun,
} from '@ironclad/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toaster';
import { ApiError, apiRequest } from '../../../lib/api';
import { sharedKeys } from '../../../lib/query-keys';

const images = [...sharedKeys.staff, 'images'] as const;
export const imageKeys = {
  overview: [...images, 'overview'] as const,
  history: (key: SiteImageKey) => [...images, 'history', key] as const,
};

/** The server's message of a failed call, else the spec's "{status}: {body}". */
export const errorText = (err: unknown) => (err instanceof ApiError ? (err.body?.message ?? err.message) : String(err));

export const overviewQuery = queryOptions({
  queryKey: imageKeys.overview,
  queryFn: ({ signal }) => apiRequest('GET', '/api/images', { schema: imagesOverviewSchema, signal }),
});

export const historyQuery = (key: SiteImageKey) =>
  queryOptions({
    queryKey: imageKeys.history(key),
    queryFn: ({ signal }) => apiRequest('GET', `/api/images/keys/${key}/history`, { schema: imageHistorySchema, signal }),
  });

/**
 * Starts a run (Generate All, Regenerate All, one key). A refused start is the spec's overall
 * "Generation Error" toast; the page also shows the server's reason (§8).
 */
export function useStartRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StartImageRun) => apiRequest('POST', '/api/images/runs', { body, schema: imageRunSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: imageKeys.overview }),
    onError: () => notify({ type: 'error', title: IMAGE_TEXTS.generationErrorTitle, description: IMAGE_TEXTS.generationErrorDescription }),
  });
}

export function useCancelRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (runId: number) => apiRequest('POST', `/api/images/runs/${runId}/cancel`, { schema: imageRunSchema }),
    onSuccess: () => {
      notify({ type: 'info', title: 'Run cancelled', description: 'Images not yet started will not be generated.' });
      return qc.invalidateQueries({ queryKey: imageKeys.overview });
    },
    onError: (err) => notify({ type: 'error', title: 'Could not cancel the run', description: errorText(err) }),
  });
}

export function useApplyImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number) => apiRequest('POST', `/api/images/${imageId}/apply`, { schema: applyImageResponseSchema }),
    onSuccess: (res) => {
      notify({ type: 'success', title: IMAGE_TEXTS.appliedBadge, description: `${res.key} now shows this image on the website.` });
      return Promise.all([
        qc.invalidateQueries({ queryKey: imageKeys.overview }),
        qc.invalidateQueries({ queryKey: imageKeys.history(res.key) }),
      ]);
    },
    onError: (err) => notify({ type: 'error', title: 'Could not apply the image', description: errorText(err) }),
  });
}

export function useRefreshBalance() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/images/balance/refresh'),
    onError: (err) => notify({ type: 'error', title: 'Could not check the balance', description: errorText(err) }),
  });
}
