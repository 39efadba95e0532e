/**
 * The staff configuration calls (staff-side.md §7): AI configs (list, save, preview), site
 * settings (switches and company facts) and promotions. Answers are validated with their contract
 * schemas. Failures are toasted by the forms themselves: §8 wants the server's message when there
 * is one, the fixed text otherwise.
 */
import {
  aiConfigListResponseSchema,
  aiConfigPreviewResponseSchema,
  aiConfigSaveResponseSchema,
  promotionListResponseSchema,
  promotionResponseSchema,
  siteSettingSchema,
  siteSettingsResponseSchema,
  type AiConfigPreview,
  type CreatePromotionInput,
  type UpdatePromotion,
} from '@ironclad/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api';
import { sharedKeys } from '../../../lib/query-keys';

export const siteConfigKeys = {
  aiConfigs: [...sharedKeys.staff, 'ai-configs'] as const,
  settings: [...sharedKeys.staff, 'site-settings'] as const,
  promotions: [...sharedKeys.staff, 'promotions'] as const,
};

/** The server's message of a failed call, or `fallback` (staff-side.md §8). */
export function messageOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.body?.message ? err.body.message : fallback;
}

/** GET /api/ai-configs: `{configs, versions}`. */
export const aiConfigsQuery = queryOptions({
  queryKey: siteConfigKeys.aiConfigs,
  queryFn: ({ signal }) => apiRequest('GET', '/api/ai-configs', { schema: aiConfigListResponseSchema, signal }),
});

/** PATCH /api/ai-configs/{id} with the version edited; the list is reloaded after (staff-side.md §7). */
export function useSaveAiConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; configValue: unknown; description: string | null; version: number }) =>
      apiRequest('PATCH', `/api/ai-configs/${v.id}`, {
        body: { configValue: v.configValue, description: v.description, version: v.version },
        schema: aiConfigSaveResponseSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: siteConfigKeys.aiConfigs }),
  });
}

/** POST /api/ai-configs/preview: old and new totals of the reference quotes. */
export function usePreviewAiConfig() {
  return useMutation({
    mutationFn: (body: AiConfigPreview) => apiRequest('POST', '/api/ai-configs/preview', { body, schema: aiConfigPreviewResponseSchema }),
  });
}

/** GET /api/site-settings: the list of settings. */
export const siteSettingsQuery = queryOptions({
  queryKey: siteConfigKeys.settings,
  queryFn: ({ signal }) => apiRequest('GET', '/api/site-settings', { schema: siteSettingsResponseSchema, signal }),
});

/** PUT /api/site-settings/{settingKey}; the list is reloaded after (staff-side.md §4 "Site toggles"). */
export function useSaveSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { key: string; settingValue: unknown; description?: string | null; version?: number }) =>
      apiRequest('PUT', `/api/site-settings/${v.key}`, {
        body: { settingValue: v.settingValue, description: v.description, version: v.version },
        schema: siteSettingSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: siteConfigKeys.settings }),
  });
}

/** GET /api/promotions. */
export const promotionsQuery = queryOptions({
  queryKey: siteConfigKeys.promotions,
  queryFn: ({ signal }) => apiRequest('GET', '/api/promotions', { schema: promotionListResponseSchema, signal }),
});

/** POST /api/promotions (create) or PATCH /api/promotions/{id} (edit); the list is reloaded after. */
export function useSavePromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number | null; body: CreatePromotionInput | UpdatePromotion }) =>
      v.id === null
        ? apiRequest('POST', '/api/promotions', { body: v.body, schema: promotionResponseSchema })
        : apiRequest('PATCH', `/api/promotions/${v.id}`, { body: v.body, schema: promotionResponseSchema }),
    onSettled: () => qc.invalidateQueries({ queryKey: siteConfigKeys.promotions }),
  });
}

/** POST /api/promotions/{id}/end; the list is reloaded after. */
export function useEndPromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; version: number }) =>
      apiRequest('POST', `/api/promotions/${v.id}/end`, { body: { version: v.version }, schema: promotionResponseSchema }),
    onSettled: () => qc.invalidateQueries({ queryKey: siteConfigKeys.promotions }),
  });
}
