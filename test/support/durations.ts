/** A minute, in milliseconds (the unit of the domain's instants and durations). */
export const MINUTE = 60_000;
/** An hour, in milliseconds. */
export const HOUR = 60 * MINUTE;
