import { writeFile } from 'node:fs/promises'
import { type Command, InvalidArgumentError, Option } from 'commander'
import { positiveIntArg } from './options.js'
import { INJECT_CASES } from './rehearsal/inject-cases.js'
import type { RehearseFlags } from './rehearsal/setup.js'
import type { GlobalFlags } from './start-flags.js'

/** `--at +N` (or `N`): N ≥ 1 blocks after the plan is scheduled. */
function atArg(value: string): number {
  const m = /^\+?(\d+)$/.exec(value.trim())
  const n = m ? Number(m[1]) : Number.NaN
  if (!Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError(
      `expected +N, a number of blocks ≥ 1 (e.g. +20), got ${JSON.stringify(value)}`,
    )
  return n
}

/**
 * Runs `sdkd rehearse`: resolves the flags (a problem is `Error: …`, exit 1, before anything is
 * created), runs the rehearsal, prints the report; 0 when every check passed, else 1.
 */
async function runRehearse(
  g: GlobalFlags,
  home: string | undefined,
  plan: string,
  f: RehearseFlags,
): Promise<number> {
  const { resolveSetup } = await import('./rehearsal/setup.js')
  const setup = await resolveSetup(plan, f, home)
  const { LogCapture } = await import('./rehearsal/log-capture.js')
  const { runRehearsal } = await import('./rehearsal/rehearsal.js')
  const { formatReport } = await import('./rehearsal/report.js')
  const out = (line: string) => process.stdout.write(`${line}\n`)
  const tty = process.stderr.isTTY === true
  const report = await runRehearsal(
    setup,
    new LogCapture({ level: g.logLevel, format: g.logFormat }),
    {
      out,
      ...(tty
        ? {
            progress: (line: string) => process.stderr.write(`${line}\n`),
            progressInline: (text: string) => process.stderr.write(`\r\x1b[2K${text}`),
          }
        : {}),
    },
  )
  if (setup.json !== undefined) await writeFile(setup.json, `${JSON.stringify(report, null, 2)}\n`)
  // The report's reader gone (`| head`): the rehearsal is over and its home gone; exit 1, no stack.
  process.stdout.once('error', () => process.exit(1))
  for (const line of formatReport(report)) out(line)
  return report.result === 'PASS' ? 0 : 1
}

/** `sdkd rehearse <plan-name>`: a whole upgrade rehearsal in one process, in a copy of a home. */
export function registerRehearse(
  program: Command,
  globals: () => GlobalFlags,
  exit: (code: number) => void,
): void {
  program
    .command('rehearse')
    .argument(
      '<plan-name>',
      'the upgrade to rehearse: a built-in app version (v2) or the plan a --plugin handles',
    )
    .description(
      'rehearse an upgrade end to end in one process, in a copy of a home (--home) or a fresh devnet: preflight, proposal and vote (or the authority), halt and upgrade-info.json, the new binary applies it, checks; exit 0 when every check passes',
    )
    .option(
      '--from <app-version>',
      "the binary before the upgrade (default: the home's app version, else the oldest one without the plan's handler)",
    )
    .addOption(
      new Option(
        '--to <app-version>',
        "the binary with the plan's handler (default: the built-in app version named like the plan)",
      ).conflicts('plugin'),
    )
    .option(
      '--plugin <file.mjs>',
      'the new binary is --from plus this upgrade plugin (its plan name must be <plan-name>)',
    )
    .addOption(
      new Option(
        '--via <how>',
        'schedule the plan by a governance proposal, or as the gov authority (no proposal)',
      )
        .choices(['gov', 'authority'])
        .default('gov'),
    )
    .addOption(
      new Option(
        '--at <+N>',
        'upgrade height: N blocks after the plan is scheduled (default: the lowest height the upgrade height safety rule calls safe)',
      )
        .argParser(atArg)
        .conflicts('height'),
    )
    .option('--height <H>', 'upgrade height, absolute', positiveIntArg)
    .option(
      '--blocks-after <n>',
      'blocks the new binary mines after the upgrade',
      positiveIntArg,
      10,
    )
    .option('--json <file>', 'also write the report as JSON')
    .addOption(
      new Option(
        '--inject <case>',
        'rehearse a failure and check the chain does what docs/upgrades.md documents',
      ).choices([...INJECT_CASES]),
    )
    .option('--keep <dir>', 'keep the rehearsal home there (a new or empty directory)')
    .action(async (plan: string, f: RehearseFlags) => {
      // Only an explicit --home names a home to copy ($SDKD_HOME does not): without it, a fresh devnet.
      const home = program.getOptionValueSource('home') === 'cli' ? globals().home : undefined
      exit(await runRehearse(globals(), home, plan, f))
    })
}
