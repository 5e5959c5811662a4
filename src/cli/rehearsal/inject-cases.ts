/** The failures a rehearsal can inject (`--inject`); a file of its own so the help loads nothing else. */
export const INJECT_CASES = [
  'handler-throws',
  'early-binary',
  'missing-handler',
  'kill-at-halt',
  'restart-mid-upgrade',
] as const
export type InjectCase = (typeof INJECT_CASES)[number]
