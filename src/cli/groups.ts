import type { Command } from 'commander'

/**
 * The `query` and `tx` command groups, created once and shared by the modules' CLI files
 * (`sdkd query upgrade …`, `sdkd query bank …`, `sdkd tx gov …`).
 */
export function commandGroup(program: Command, name: 'query' | 'tx'): Command {
  const existing = program.commands.find((c) => c.name() === name)
  if (existing) return existing
  const group = program
    .command(name)
    .description(
      name === 'query'
        ? 'query the chain through a node (--node)'
        : 'build, sign and broadcast transactions',
    )
  if (name === 'query') group.alias('q')
  return group
}
