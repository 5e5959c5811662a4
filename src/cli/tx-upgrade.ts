import type { Command } from 'commander'
import { addressToBech32, bech32ToAddress, moduleAddress } from '../codec/address.js'
import { GO_ZERO_TIMESTAMP } from '../codec/json-well-known.js'
import { PlanInfoError, parsePlanInfo, validatePlanInfoFull } from '../modules/upgrade/plan-info.js'
import { clientAction } from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import { pflagIntArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'
import { addTxFlags, runTx, type TxFlags } from './tx-flags.js'
import {
  addGovPropFlags,
  type GovPropFlags,
  readGovPropFlags,
  submitProposalAny,
} from './tx-gov.js'
import { addSafetyDeltaFlag, warnUnsafeUpgradeHeights } from './upgrade-safety.js'

interface SoftwareUpgradeFlags extends TxFlags, GovPropFlags {
  upgradeHeight?: number
  upgradeInfo?: string
  validate: boolean
  checksumRequired: boolean
  daemonName: string
  authority?: string
  safetyDelta?: number
}

/** The authority: `--authority`, else the gov module account (upstream default). */
function authorityOf(flag: string | undefined): string {
  if (flag === undefined) return addressToBech32(moduleAddress('gov'))
  try {
    return addressToBech32(bech32ToAddress(flag))
  } catch (err) {
    throw new CliError(`invalid authority address: ${(err as Error).message}`)
  }
}

/**
 * Checks `--upgrade-info` as upstream does (parsed, every binary downloaded and its checksum
 * checked). A failure keeps upstream's words first and then names the flag and `--no-validate`:
 * the check runs on the client, so a user who means to submit unchecked info needs to know how.
 */
async function validateUpgradeInfoFlag(
  info: string,
  checksumRequired: boolean,
  daemonName: string,
): Promise<void> {
  try {
    const parsed = await parsePlanInfo(info, { enforceChecksum: checksumRequired })
    await validatePlanInfoFull(parsed, checksumRequired, daemonName)
  } catch (err) {
    if (!(err instanceof PlanInfoError)) throw err
    const hint =
      info.trim() === ''
        ? '--upgrade-info is required: a JSON object {"binaries":{"<os>/<arch>":"<url>?checksum=sha256:<hex>"}} or a URL returning one'
        : 'in --upgrade-info: fix it'
    throw new CliError(`${err.message} (${hint}; or pass --no-validate to submit it unchecked)`)
  }
}

/** `sdkd tx upgrade software-upgrade|cancel-software-upgrade`: gov proposals with upgrade msgs. */
export function registerTxUpgrade(program: Command, globals: () => GlobalFlags): void {
  const upgrade = commandGroup(program, 'tx')
    .command('upgrade')
    .description('Upgrade transaction subcommands')

  addTxFlags(
    addGovPropFlags(
      addSafetyDeltaFlag(
        upgrade
          .command('software-upgrade <name>')
          .description(
            'Submit a software upgrade proposal (MsgSubmitProposal carrying MsgSoftwareUpgrade); warns when --upgrade-height leaves no time for a cancel proposal',
          )
          .requiredOption(
            '--upgrade-height <height>',
            '(required) The height at which the upgrade must happen: above the current height; the lowest height that keeps the upgrade cancellable is printed when it is lower',
            pflagIntArg('int64', 0),
          )
          .option(
            '--upgrade-info <info>',
            'Info for the upgrade plan (required unless --no-validate): a JSON object {"binaries":{"<os>/<arch>"|"any":"<url>?checksum=sha256:<hex>"}} naming the new binary per platform, or a URL returning such JSON; every binary is downloaded, its checksum checked and an archive unpacked to find bin/<daemon-name> unless --no-validate (then any text, e.g. \'{}\')',
          )
          .option('--no-validate', 'Skip validation of the upgrade info (dangerous!)')
          .option(
            '--no-checksum-required',
            'Skip requirement of checksums for binaries in the upgrade info',
          )
          .option(
            '--daemon-name <name>',
            'The name of the executable being upgraded (for upgrade-info validation). Default is the DAEMON_NAME env var if set, or else this executable',
            process.env.DAEMON_NAME || 'sdkd',
          )
          .option(
            '--authority <address>',
            'The address of the upgrade module authority (defaults to gov)',
          ),
      ),
    ),
  ).action(
    clientAction(async (name: string, f: SoftwareUpgradeFlags) => {
      const gov = readGovPropFlags(f)
      const height = f.upgradeHeight ?? 0
      const info = f.upgradeInfo ?? ''
      if (f.validate) await validateUpgradeInfoFlag(info, f.checksumRequired, f.daemonName)
      const authority = authorityOf(f.authority)
      await runTx(globals(), f, async ({ ctx, from }) => {
        const msg = ctx.registry.packAny('/sdk.upgrade.v1beta1.MsgSoftwareUpgrade', {
          authority,
          // Go's zero time, as upstream clients encode the non-nullable field (amino JSON needs it).
          plan: { name, time: GO_ZERO_TIMESTAMP, height: String(height), info },
        })
        if (!f.offline)
          await warnUnsafeUpgradeHeights(
            ctx.registry,
            ctx.node(),
            [msg],
            f.safetyDelta,
            await ctx.nodeBlockTimeMs(),
          )
        return [submitProposalAny(ctx.registry, from.address, { ...gov, messages: [msg] })]
      })
    }),
  )

  addTxFlags(
    addGovPropFlags(
      upgrade
        .command('cancel-software-upgrade')
        .description(
          'Cancel the current software upgrade proposal (MsgSubmitProposal carrying MsgCancelUpgrade)',
        )
        .option(
          '--authority <address>',
          'The address of the upgrade module authority (defaults to gov)',
        ),
    ),
  ).action(
    clientAction(async (f: TxFlags & GovPropFlags & { authority?: string }) => {
      const gov = readGovPropFlags(f)
      const authority = authorityOf(f.authority)
      await runTx(globals(), f, ({ ctx, from }) => {
        const msg = ctx.registry.packAny('/sdk.upgrade.v1beta1.MsgCancelUpgrade', { authority })
        return [submitProposalAny(ctx.registry, from.address, { ...gov, messages: [msg] })]
      })
    }),
  )
}
