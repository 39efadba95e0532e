/**
 * Live generator state over the site's Socket.IO connection (staff room, decisions.md §2):
 * `image:run` (the run's snapshot at every change of one of its images), `images:generated`
 * (staff-side.md §4: a run ended, with the count created), `image:balance` and `image:applied`.
 * Snapshots replace the cached overview's run, so a reload (which reads the same state from the
 * api) and a live page show the same thing.
 */
import {
  IMAGE_TEXTS,
  ServerEvent,
  imageAppliedSchema,
  imageBalanceSchema,
  imageRunSchema,
  imagesGeneratedSchema,
  type ImageRun,
  type ImagesOverview,
} from '@ironclad/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { notify } from '../../components/ui/toaster';
import { getSocket } from '../../lib/socket';
import { imageKeys } from './api/images-api';

/** Toasts of §8 for the images of a run that just ended badly (failed: non-OK answer; blocked: success false). */
function announceSkipped(before: ImageRun | null, after: ImageRun): void {
  for (const item of after.items) {
    const was = before?.items.find((i) => i.id === item.id)?.status;
    if (was === item.status) continue;
    const name = item.key ?? `#${item.id}`;
    if (item.status === 'failed')
      notify({ type: 'error', title: IMAGE_TEXTS.failedToGenerate(name), description: item.error ?? undefined });
    if (item.status === 'blocked')
      notify({ type: 'error', title: IMAGE_TEXTS.generationFailedFor(name), description: item.error ?? undefined });
  }
}

export function useImageLive(): void {
  const qc = useQueryClient();
  const latest = useRef<Map<number, ImageRun>>(new Map());
  useEffect(() => {
    const s = getSocket();
    if (!s.connected && !s.active) s.connect();
    const setOverview = (change: (o: ImagesOverview) => ImagesOverview) =>
      qc.setQueryData<ImagesOverview>(imageKeys.overview, (o) => (o ? change(o) : o));
    const onRun = (payload: unknown) => {
      const parsed = imageRunSchema.safeParse(payload);
      if (!parsed.success) return;
      const run = parsed.data;
      const before = latest.current.get(run.id) ?? qc.getQueryData<ImagesOverview>(imageKeys.overview)?.run ?? null;
      announceSkipped(before?.id === run.id ? before : null, run);
      latest.current.set(run.id, run);
      setOverview((o) => {
        const shown = !o.run || o.run.id <= run.id || o.run.status !== 'running' ? run : o.run;
        // An image done and applied is its key's thumbnail at once.
        const keys = o.keys.map((k) => {
          const item = run.items.find((i) => i.key === k.key && i.status === 'done' && i.applied);
          return item && item.id !== k.active?.id ? { ...k, active: item, versions: k.versions + 1 } : k;
        });
        return { ...o, run: shown, keys };
      });
    };
    const onGenerated = (payload: unknown) => {
      const parsed = imagesGeneratedSchema.safeParse(payload);
      if (!parsed.success) return;
      if (parsed.data.count > 0)
        notify({ type: 'success', title: IMAGE_TEXTS.generatedTitle, description: IMAGE_TEXTS.generatedDescription(parsed.data.count) });
      void qc.invalidateQueries({ queryKey: imageKeys.overview });
    };
    const onBalance = (payload: unknown) => {
      const parsed = imageBalanceSchema.safeParse(payload);
      if (parsed.success) setOverview((o) => ({ ...o, balance: parsed.data }));
    };
    const onApplied = (payload: unknown) => {
      const parsed = imageAppliedSchema.safeParse(payload);
      if (!parsed.success) return;
      void qc.invalidateQueries({ queryKey: imageKeys.overview });
      void qc.invalidateQueries({ queryKey: imageKeys.history(parsed.data.key) });
    };
    s.on(ServerEvent.ImageRun, onRun);
    s.on(ServerEvent.ImagesGenerated, onGenerated);
    s.on(ServerEvent.ImageBalance, onBalance);
    s.on(ServerEvent.ImageApplied, onApplied);
    return () => {
      s.off(ServerEvent.ImageRun, onRun);
      s.off(ServerEvent.ImagesGenerated, onGenerated);
      s.off(ServerEvent.ImageBalance, onBalance);
      s.off(ServerEvent.ImageApplied, onApplied);
    };
  }, [qc]);
}
