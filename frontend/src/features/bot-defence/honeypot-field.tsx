/**
 * The honeypot: an input people never see or reach (off-screen, out of the tab order, hidden
 * from assistive technology, no autofill), which form-filling bots fill in. The api stores a
 * submission with it filled flagged as spam and answers as usual.
 */
import { HONEYPOT_FIELD } from '@ironclad/contracts';
import type { FormGuard } from './form-guard';

export function HoneypotField({ guard }: { guard: FormGuard }) {
  return (
    <div
      aria-hidden="true"
      style={{ position: 'absolute', left: '-10000px', top: 'auto', width: '1px', height: '1px', overflow: 'hidden' }}
    >
      <label>
        Website (leave this empty)
        <input ref={guard.honeypotRef} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
