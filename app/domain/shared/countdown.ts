export interface Remaining {
  reached: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left until `target`, whole units; `reached` once it has passed. */
export function remainingUntil(target: Date, now: Date): Remaining {
  const ms = target.getTime() - now.getTime();
  if (ms <= 0) return { reached: true, days: 0, hours: 0, minutes: 0, seconds: 0 };
  const total = Math.floor(ms / 1000);
  return {
    reached: false,
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
