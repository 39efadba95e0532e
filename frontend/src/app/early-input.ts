/**
 * What a visitor does before the app has booted, held and replayed once the page is interactive.
 *
 * The browser entry lets the prerendered page paint before React loads (entry-client.tsx), so a
 * visitor can press a button or type into a field before any handler is attached:
 *
 * - **Clicks** on controls (buttons, tabs, check boxes, labels, disclosure summaries) would do
 *   nothing: the "Request a Demo" alert would never open, the Residential/Business toggle never
 *   switch. They are held (the browser's default action prevented) and, once the page has
 *   hydrated (`<html data-hydrated>`, set by app/mark-hydrated.tsx), the same elements are
 *   clicked again, in order, so the app's handlers get them. Sections that hydrate later hold
 *   their own clicks the same way (components/site/deferred-section.tsx), so a replayed click that
 *   lands in one is held again until that section is ready.
 * - **Typed values and choices** (text fields, text areas, selects) stay on screen, but React,
 *   hydrating, takes the field's current text as already known and its state keeps the value it
 *   rendered with (empty): the form would look filled in and behave empty ("Next" stays disabled).
 *   Each field's last value is recorded, and once the part of the page holding it has hydrated
 *   (the page, or its deferred section) the value is given to React as a change of the field
 *   (an `input`/`change` event after setting it through the element's own `value` property, which
 *   React watches), so the app's state gets it. Fields of a section that has not hydrated yet
 *   keep being recorded after the page has (the visitor may type on there), so the value given
 *   is the last one.
 *
 * Not held: links (`a[href]`), which work without JavaScript (the browser follows them at once, as
 * it would on any page), and clicks with a modifier key or another button (new tab, download …).
 * Forms keep their submit button disabled until hydrated.
 */

/** Controls whose click is held (links excepted, see above). */
export const HELD_CONTROLS =
  'button, summary, label, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], input[type="checkbox"], input[type="radio"]';

/** At most this many clicks are held (a visitor does not click more while a page starts). */
export const MAX_HELD_CLICKS = 5;

/** A primary-button click without a modifier key (not a new tab, a new window, a download …). */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** What counts as the visitor starting to use the page (components/site/deferred-section.tsx). */
export const ENGAGEMENT_EVENTS = ['scroll', 'wheel', 'keydown', 'pointerdown', 'touchstart'] as const;

/** Whether the visitor started to use the page before the app had booted. */
let engagedEarly = false;

/**
 * Whether the visitor scrolled, pressed a key or a pointer, or touched the page before the app was
 * there to see it (recorded by {@link holdEarlyInput}): sections near the viewport then load at
 * once rather than waiting for the next such event.
 */
export function engagedBeforeBoot(): boolean {
  return engagedEarly;
}

/** Fields whose value is replayed (not check boxes and radios: their clicks are held instead). */
type ValueField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Input types whose value cannot or must not be set from a script. */
const UNREPLAYED_INPUT_TYPES = new Set(['checkbox', 'radio', 'file', 'password', 'button', 'submit', 'reset', 'image', 'hidden']);

/** What {@link holdEarlyInput} returns. */
export interface EarlyInputHolder {
  /** Stops holding and drops what was held (the app could not start: the page stays static HTML). */
  release(): void;
}

/** One action to replay: a held click, or a field whose last value is to be given to the app. */
type Held = { kind: 'click'; control: HTMLElement } | { kind: 'value'; field: ValueField };

/** Whether `target` is a field whose value is replayed. */
function isValueField(target: EventTarget | null): target is ValueField {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !UNREPLAYED_INPUT_TYPES.has(target.type);
}

/** The part of the page holding `el`: its deferred section if it is in one, else the page. */
function partOf(el: Element): Element {
  return el.closest('[data-deferred-section]') ?? document.documentElement;
}

/** Whether the part of the page holding `el` has hydrated. */
function isHydratedPart(el: Element): boolean {
  return partOf(el).hasAttribute('data-hydrated');
}

/**
 * Runs `callback` (in a task of its own, after React has committed) once the part of the page
 * holding `el` has hydrated: its deferred section if it is in one, else the page.
 */
function whenHydrated(el: Element, callback: () => void): void {
  const part = partOf(el);
  const run = () => setTimeout(callback, 0);
  if (part.hasAttribute('data-hydrated')) {
    run();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!part.hasAttribute('data-hydrated')) return;
    observer.disconnect();
    run();
  });
  observer.observe(part, { attributes: true, attributeFilter: ['data-hydrated'] });
}

/**
 * Gives React a value the visitor typed before hydration: React keeps a field's last known value
 * on the element's own `value` property and fires `onChange` when an event finds the field's
 * value different; setting the property to the value the app rendered, then the visitor's value
 * through the prototype's setter, and dispatching the event makes React see the change.
 */
function replayValue(field: ValueField, value: string): void {
  if (!field.isConnected) return;
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const focused = document.activeElement === field;
  const { selectionStart, selectionEnd } =
    field instanceof HTMLTextAreaElement || ['text', 'search', 'tel', 'url', 'email'].includes(field.type)
      ? field
      : { selectionStart: null, selectionEnd: null };
  const rendered = field.defaultValue;
  const prototypeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  field.value = rendered;
  if (prototypeSetter) prototypeSetter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (focused && selectionStart !== null && selectionEnd !== null) {
    try {
      field.setSelectionRange(selectionStart, selectionEnd);
    } catch {
      // the type does not support a selection
    }
  }
}

/**
 * Starts holding clicks and recording field values inside `root` until `<html data-hydrated>`
 * appears, then replays them in the order they happened. Installed on `document` in the capture
 * phase, so it sees an event before anything else does.
 * @param root The app's container (`#root`); events elsewhere are left alone.
 */
export function holdEarlyInput(root: HTMLElement): EarlyInputHolder {
  const html = document.documentElement;
  const held: Held[] = [];
  let clicks = 0;

  const inRoot = (target: EventTarget | null): target is Element => target instanceof Element && root.contains(target);

  const onClick = (event: MouseEvent) => {
    if (!isPlainClick(event) || !inRoot(event.target)) return;
    const control = event.target.closest<HTMLElement>(`a[href], ${HELD_CONTROLS}`);
    if (!control || control.matches('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (clicks < MAX_HELD_CLICKS) {
      clicks += 1;
      held.push({ kind: 'click', control });
    }
  };

  /** The last value of each field whose value is still to be given to the app. */
  const latest = new Map<ValueField, string>();
  /** The fields waiting for their deferred section to hydrate. */
  const waitingFields = new Set<ValueField>();

  /** Gives the app `field`'s last value once its part of the page has hydrated. */
  const replayWhenReady = (field: ValueField) => {
    const give = () => {
      waitingFields.delete(field);
      const value = latest.get(field);
      latest.delete(field);
      if (value !== undefined) replayValue(field, value);
    };
    if (isHydratedPart(field)) give();
    else if (!waitingFields.has(field)) {
      waitingFields.add(field);
      whenHydrated(field, give);
    }
  };

  /**
   * Records a field's value: before the page has hydrated, every field (one entry per field, at
   * the place of its last change); after, fields of sections not hydrated yet, whose typing React
   * does not see either (the visitor may go on typing there until the section is ready).
   */
  const onValue = (event: Event) => {
    const field = event.target;
    if (!inRoot(field) || !isValueField(field)) return;
    if (html.hasAttribute('data-hydrated')) {
      if (isHydratedPart(field)) return;
      latest.set(field, field.value);
      replayWhenReady(field);
      return;
    }
    latest.set(field, field.value);
    const previous = held.findIndex((h) => h.kind === 'value' && h.field === field);
    if (previous >= 0) held.splice(previous, 1);
    held.push({ kind: 'value', field });
  };

  const stopHoldingClicks = () => {
    document.removeEventListener('click', onClick, { capture: true });
    observer.disconnect();
  };

  const replay = () => {
    stopHoldingClicks();
    const actions = held.splice(0);
    // After the effects of the commit that set the marker, so every handler is attached. Values
    // wait for the part of the page holding their field; clicks in a deferred section are held
    // again by it.
    setTimeout(() => {
      for (const action of actions) {
        if (action.kind === 'click') {
          if (action.control.isConnected) action.control.click();
        } else {
          replayWhenReady(action.field);
        }
      }
    }, 0);
  };

  const observer = new MutationObserver(() => {
    if (html.hasAttribute('data-hydrated')) replay();
  });

  if (html.hasAttribute('data-hydrated')) return { release: () => undefined };
  const onEngaged = () => {
    engagedEarly = true;
    for (const type of ENGAGEMENT_EVENTS) window.removeEventListener(type, onEngaged, { capture: true });
  };
  for (const type of ENGAGEMENT_EVENTS) window.addEventListener(type, onEngaged, { capture: true, passive: true });
  document.addEventListener('click', onClick, { capture: true });
  document.addEventListener('input', onValue, { capture: true });
  document.addEventListener('change', onValue, { capture: true });
  observer.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });

  return {
    release() {
      stopHoldingClicks();
      document.removeEventListener('input', onValue, { capture: true });
      document.removeEventListener('change', onValue, { capture: true });
      held.length = 0;
      latest.clear();
    },
  };
}
