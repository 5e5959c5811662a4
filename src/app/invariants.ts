import type { BlockContext, BrokenInvariant, Invariant } from './types.js'

/**
 * Upstream sdk.FormatInvariant: the message a broken invariant returns (and x/crisis halts with),
 * `<module>: <name> invariant\n<msg>\n`.
 */
export function formatInvariant(module: string, name: string, msg: string): string {
  return `${module}: ${name} invariant\n${msg}\n`
}

/** The first of `invariants` found broken, checked one by one in order. */
export async function firstBroken(
  invariants: readonly Invariant[],
  ctx: BlockContext,
): Promise<BrokenInvariant | undefined> {
  for (const inv of invariants) {
    const message = await inv.check(ctx)
    if (message !== undefined) return { route: inv.route, message }
  }
  return undefined
}
