/**
 * The current time, to the minute, renewed every minute: for what changes with the clock alone
 * (SLA countdowns, the SLA views' window — DESIGN §10).
 */
import { useEffect, useState } from 'react';

const MINUTE = 60_000;

/** The current time floored to the minute (ms since the epoch), re-rendering when a new minute starts. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / MINUTE) * MINUTE);
  useEffect(() => {
    const tick = () => setNow(Math.floor(Date.now() / MINUTE) * MINUTE);
    // Aligned to the next minute, then every minute.
    let interval: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(
      () => {
        tick();
        interval = setInterval(tick, MINUTE);
      },
      MINUTE - (Date.now() % MINUTE),
    );
    return () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    };
  }, []);
  return now;
}
