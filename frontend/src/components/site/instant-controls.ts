/**
 * Controls that answer before their section has hydrated (issue 23 "Taps answer at once").
 *
 * A deferred section (deferred-section.tsx) holds a click on one of its controls until its code
 * has loaded and hydrated, then clicks the control again so React's handler runs: on a phone that
 * takes seconds. A control that only chooses among states the server HTML already holds (a
 * toggle, a tab, a carousel slide) declares what it changes in `data-instant-*` attributes, and
 * the click shows that change at once, in the DOM, while it is held. The replayed click then
 * brings React's state to the same choice, so React renders what is on screen already.
 *
 * Only attributes change (aria-pressed / aria-selected / aria-current and `hidden`): React does
 * not compare attributes when it hydrates, and its next render after the replayed click sets
 * them to the same values, so nothing flickers back.
 *
 * The markup (each component renders it from its state, so it stays true after hydration too):
 * - the control: `data-instant="{group}:{value}"` to choose a value, `{group}:+1` / `{group}:-1` to
 *   step through the group's values (a carousel's next and previous), or `{group}:~{value}` to
 *   add or remove a value of a group that holds several (a comparison's columns);
 * - one element per group: `data-instant-state="{group}"`, `data-instant-current="{value}"` (the
 *   chosen values, separated by spaces), `data-instant-values="{v1} {v2} …"` (the order of the
 *   steps) and, for a group of several, `data-instant-max="{n}"` (a value past n is not added);
 * - each element that shows the choice: `data-instant-of="{group}"`, `data-instant-value="{v}"`
 *   (several values separated by spaces: shown for any of them) and `data-instant-mark`:
 *   `pressed` (aria-pressed), `selected` (aria-selected), `current` (aria-current="true" or none)
 *   or `shown` (the `hidden` attribute when not chosen).
 */

/** The attributes, for the components that render them. */
export interface InstantState {
  'data-instant-state': string;
  'data-instant-current': string;
  'data-instant-values': string;
  'data-instant-max'?: string;
}

/** How an element shows whether it is chosen. */
export type InstantMark = 'pressed' | 'selected' | 'current' | 'shown';

/**
 * The attributes of the element of `group` holding its current value `current` (or values, for a
 * group of several, at most `max`) among `values`.
 */
export function instantState(group: string, current: string | readonly string[], values: readonly string[], max?: number): InstantState {
  return {
    'data-instant-state': group,
    'data-instant-current': typeof current === 'string' ? current : current.join(' '),
    'data-instant-values': values.join(' '),
    ...(max === undefined ? {} : { 'data-instant-max': String(max) }),
  };
}

/** The attributes of an element that shows choice `value` (or any of `value`'s) of `group` by `mark`. */
export function instantMember(group: string, value: string | readonly string[], mark: InstantMark): Record<string, string> {
  return {
    'data-instant-of': group,
    'data-instant-value': typeof value === 'string' ? value : value.join(' '),
    'data-instant-mark': mark,
  };
}

/**
 * The attribute of a control choosing `value` of `group` (`+1` / `-1`: the next / previous value;
 * `~{value}`: adding or removing it, in a group of several).
 */
export function instantControl(group: string, value: string): { 'data-instant': string } {
  return { 'data-instant': `${group}:${value}` };
}

/**
 * Shows in `section` the effect of a click on `control` when it is an instant control (see the
 * module comment); does nothing otherwise. Returns whether it did.
 */
export function applyInstantControl(section: Element, control: Element): boolean {
  const spec = control.getAttribute('data-instant');
  const sep = spec ? spec.lastIndexOf(':') : -1;
  if (!spec || sep < 1) return false;
  const group = spec.slice(0, sep);
  const state = [...section.querySelectorAll('[data-instant-state]')].find((el) => el.getAttribute('data-instant-state') === group);
  if (!state) return false;
  const words = (name: string, el: Element = state) => (el.getAttribute(name) ?? '').split(' ').filter(Boolean);
  const current = words('data-instant-current');
  const value = spec.slice(sep + 1);
  let chosen: string[];
  if (value === '+1' || value === '-1') {
    const values = words('data-instant-values');
    if (!values.length) return false;
    const at = Math.max(0, values.indexOf(current[0] ?? ''));
    chosen = [values[(((at + Number(value)) % values.length) + values.length) % values.length]!];
  } else if (value.startsWith('~')) {
    const toggled = value.slice(1);
    const max = Number(state.getAttribute('data-instant-max') ?? Infinity);
    if (current.includes(toggled)) chosen = current.filter((v) => v !== toggled);
    else if (current.length < max) chosen = [...current, toggled];
    else return false;
  } else chosen = [value];
  state.setAttribute('data-instant-current', chosen.join(' '));
  for (const el of section.querySelectorAll('[data-instant-of]')) {
    if (el.getAttribute('data-instant-of') !== group) continue;
    const on = words('data-instant-value', el).some((v) => chosen.includes(v));
    const mark = el.getAttribute('data-instant-mark');
    if (mark === 'pressed') el.setAttribute('aria-pressed', String(on));
    else if (mark === 'selected') el.setAttribute('aria-selected', String(on));
    else if (mark === 'current') {
      if (on) el.setAttribute('aria-current', 'true');
      else el.removeAttribute('aria-current');
    } else if (mark === 'shown') el.toggleAttribute('hidden', !on);
  }
  return true;
}
