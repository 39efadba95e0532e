/**
 * Ends the current task and resolves in a new one, so that the browser can handle input and paint
 * between two pieces of start-up work (each one a separate task in Lighthouse's Total Blocking
 * Time). Uses `scheduler.yield()` where the browser has it (Chromium 129+: the continuation runs
 * ahead of other queued tasks, and timers in a background tab do not hold it back), else a
 * `setTimeout(0)`.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
