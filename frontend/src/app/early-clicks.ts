/**
 * Clicks made before the app has booted, held and replayed once the page is interactive.
 *
 * The browser entry lets the prerendered page paint before React loads (entry-client.tsx), so a
 * visitor can see and press a button before any handler is attached. Without this, such a press
 * does nothing: the "Request a Demo" alert never opens, the Residential/Business toggle never
 * switches. The holder is installed by the entry as soon as it runs; it holds the clicks on
 * controls (buttons, tabs, check boxes, labels, disclosure summaries), and once the page has
 * hydrated (`<html data-hydrated>`, set by app/mark-hydrated.tsx) it clicks the same elements again,
 * in order, so the app's handlers get them. Sections that hydrate later hold their own clicks in
 * the same way (components/site/deferred-section.tsx), so a replayed click that lands in one is
 * held again until that section is ready.
 *
 * Not held: links (`a[href]`), which work without JavaScript (the browser follows them at once, as
 * it would on any page), clicks with a modifier key or another button (new tab, download …), and
 * typing, which needs no replay. Forms keep their submit button disabled until hydrated.
 */

/** Controls whose click is held (links excepted, see above). */
export const HELD_CONTROLS =
  'button, summary, label, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], input[type="checkbox"], input[type="radio"]';

/** At most this many clicks are held (a visitor does not click more while a page starts). */
export const MAX_HELD_CLICKS = 5;

/** What {@link holdEarlyClicks} returns. */
export interface EarlyClickHolder {
  /** Stops holding and drops what was held (the app could not start: the page stays static HTML). */
  release(): void;
  /** The controls held so far, in order (for tests). */
  readonly held: readonly HTMLElement[];
}

/**
 * Starts holding clicks on the controls inside `root` until `<html data-hydrated>` appears, then
 * replays them (in a task of their own, after React has committed). Installed on `document` in the
 * capture phase, so it sees a click before anything else does.
 * @param root The app's container (`#root`); clicks elsewhere are left alone.
 */
export function holdEarlyClicks(root: HTMLElement): EarlyClickHolder {
  const html = document.documentElement;
  const held: HTMLElement[] = [];

  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !root.contains(target)) return;
    const control = target.closest<HTMLElement>(`a[href], ${HELD_CONTROLS}`);
    if (!control || control.matches('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.length < MAX_HELD_CLICKS) held.push(control);
  };

  const stop = () => {
    document.removeEventListener('click', onClick, { capture: true });
    observer.disconnect();
  };

  const replay = () => {
    stop();
    const clicks = held.splice(0);
    // After the effects of the commit that set the marker, so every handler is attached.
    setTimeout(() => {
      for (const control of clicks) if (control.isConnected) control.click();
    }, 0);
  };

  const observer = new MutationObserver(() => {
    if (html.hasAttribute('data-hydrated')) replay();
  });

  if (html.hasAttribute('data-hydrated')) return { release: () => undefined, held };
  document.addEventListener('click', onClick, { capture: true });
  observer.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });

  return {
    release() {
      stop();
      held.length = 0;
    },
    held,
  };
}
