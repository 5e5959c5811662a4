import { readFile } from 'node:fs/promises'
import type { Command } from 'commander'
import { type Coin, coinsToProto, parseCoins } from '../codec/coins.js'
import { jsonToAny } from '../codec/json-parser.js'
import type { AnyMessage, ProtoRegistry } from '../codec/proto.js'
import { clientAction, readInput } from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import { parseProposalId } from './options.js'
import type { GlobalFlags } from './start-flags.js'
import { addTxFlags, runTx, type TxFlags } from './tx-flags.js'
import { registerDraftProposal } from './tx-gov-draft.js'
import { addSafetyDeltaFlag, warnUnsafeUpgradeHeights } from './upgrade-safety.js'
import { parseVoteOption, parseWeightedVoteOptions } from './vote-options.js'

/** The fields of a MsgSubmitProposal besides its proposer. */
export interface ProposalFields {
  messages: AnyMessage[]
  deposit: Coin[]
  metadata: string
  title: string
  summary: string
  expedited: boolean
}

/** `/sdk.gov.v1.MsgSubmitProposal` as Any. */
export function submitProposalAny(
  registry: ProtoRegistry,
  proposer: string,
  p: ProposalFields,
): AnyMessage {
  return registry.packAny('/sdk.gov.v1.MsgSubmitProposal', {
    messages: p.messages,
    initial_deposit: coinsToProto(p.deposit),
    proposer,
    metadata: p.metadata,
    title: p.title,
    summary: p.summary,
    expedited: p.expedited,
  })
}

/** Flags of commands that submit a proposal (upstream AddGovPropFlagsToCmd). */
export interface GovPropFlags {
  deposit?: string
  metadata?: string
  title?: string
  summary?: string
  expedited?: boolean
}

/** Adds `--deposit --metadata --title --summary --expedited`. */
export function addGovPropFlags(cmd: Command): Command {
  return cmd
    .option('--deposit <coins>', 'the deposit to include with the governance proposal')
    .option('--metadata <text>', 'the metadata to include with the governance proposal')
    .option('--title <text>', 'the title to put on the governance proposal (required)')
    .option('--summary <text>', 'the summary to include with the governance proposal')
    .option('--expedited', 'submit an expedited proposal (shorter voting period, higher threshold)')
}

/** Reads the gov proposal flags (upstream ReadGovPropFlags): title required, deposit parsed. */
export function readGovPropFlags(f: GovPropFlags): Omit<ProposalFields, 'messages'> {
  if (!f.title) throw new CliError('required flag(s) "title" not set')
  let deposit: Coin[]
  try {
    deposit = parseCoins(f.deposit ?? '')
  } catch (err) {
    throw new CliError(`invalid deposit: ${(err as Error).message}`)
  }
  return {
    deposit,
    metadata: f.metadata ?? '',
    title: f.title,
    summary: f.summary ?? '',
    expedited: f.expedited === true,
  }
}

/** Parses an upstream proposal JSON file: `{messages, metadata, deposit, title, summary, expedited}`. */
export function parseProposalFile(registry: ProtoRegistry, text: string): ProposalFields {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    throw new CliError(`invalid proposal JSON: ${(err as Error).message}`)
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new CliError('invalid proposal JSON: expected an object')
  const p = json as Record<string, unknown>
  const str = (k: string): string => {
    const v = p[k]
    if (v === undefined || v === null) return ''
    if (typeof v !== 'string')
      throw new CliError(`invalid proposal JSON: "${k}" must be a string, got ${JSON.stringify(v)}`)
    return v
  }
  const rawMessages = p.messages ?? []
  if (!Array.isArray(rawMessages))
    throw new CliError('invalid proposal JSON: "messages" must be an array')
  const messages = rawMessages.map((m, i) => jsonToAny(registry, m, `messages[${i}]`) as AnyMessage)
  if (p.expedited !== undefined && typeof p.expedited !== 'boolean')
    throw new CliError('invalid proposal JSON: "expedited" must be true or false')
  let deposit: Coin[]
  try {
    deposit = parseCoins(str('deposit'))
  } catch (err) {
    throw new CliError(`invalid proposal JSON: deposit: ${(err as Error).message}`)
  }
  return {
    messages,
    deposit,
    metadata: str('metadata'),
    title: str('title'),
    summary: str('summary'),
    expedited: p.expedited === true,
  }
}

/**
 * `sdkd tx gov submit-proposal|submit-legacy-proposal|vote|weighted-vote|deposit|cancel-proposal`.
 */
export function registerTxGov(program: Command, globals: () => GlobalFlags): void {
  const gov = commandGroup(program, 'tx').command('gov').description('governance transactions')

  addTxFlags(
    addSafetyDeltaFlag(
      gov
        .command('submit-proposal <file.json>')
        .description(
          'submit a proposal from a JSON file: {"messages":[{"@type":…}],"metadata","deposit":"10stake","title","summary","expedited"}; warns when a MsgSoftwareUpgrade height leaves no time for a cancel proposal',
        ),
    ),
  ).action(
    clientAction(async (file: string, f: TxFlags & { safetyDelta?: number }) => {
      const g = globals()
      const text = await readInput(file, 'proposal file')
      await runTx(g, f, async ({ ctx, from }) => {
        const p = parseProposalFile(ctx.registry, text)
        if (!f.offline)
          await warnUnsafeUpgradeHeights(
            ctx.registry,
            ctx.node(),
            p.messages,
            f.safetyDelta,
            await ctx.nodeBlockTimeMs(),
          )
        return [submitProposalAny(ctx.registry, from.address, p)]
      })
    }),
  )

  addTxFlags(
    gov
      .command('vote <proposal-id> <option>')
      .description('vote on a proposal: yes, no, abstain or no_with_veto')
      .option('--metadata <text>', 'metadata of the vote'),
  ).action(
    clientAction(async (id: string, option: string, f: TxFlags & { metadata?: string }) => {
      const proposalId = parseProposalId(id, 'int')
      const voteOption = parseVoteOption(option)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny('/sdk.gov.v1.MsgVote', {
          proposal_id: proposalId,
          voter: from.address,
          option: voteOption,
          metadata: f.metadata ?? '',
        }),
      ])
    }),
  )

  addTxFlags(
    gov
      .command('deposit <proposal-id> <amount>')
      .description('add a deposit to a proposal in its deposit (or voting) period'),
  ).action(
    clientAction(async (id: string, amount: string, f: TxFlags) => {
      const proposalId = parseProposalId(id)
      const coins = parseCoins(amount)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny('/sdk.gov.v1.MsgDeposit', {
          proposal_id: proposalId,
          depositor: from.address,
          amount: coinsToProto(coins),
        }),
      ])
    }),
  )
  addTxFlags(
    gov
      .command('weighted-vote <proposal-id> <weighted-options>')
      .description(
        'vote on a proposal with weighted options, e.g. yes=0.6,no=0.3,abstain=0.05,no_with_veto=0.05 (sdk.gov.v1.MsgVoteWeighted)',
      )
      .option('--metadata <text>', 'metadata of the vote'),
  ).action(
    clientAction(async (id: string, text: string, f: TxFlags & { metadata?: string }) => {
      const proposalId = parseProposalId(id, 'int')
      const options = parseWeightedVoteOptions(text)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny('/sdk.gov.v1.MsgVoteWeighted', {
          proposal_id: proposalId,
          voter: from.address,
          options,
          metadata: f.metadata ?? '',
        }),
      ])
    }),
  )

  addTxFlags(
    gov
      .command('cancel-proposal <proposal-id>')
      .description(
        'cancel a governance proposal before its voting period ends, as its proposer (sdk.gov.v1.MsgCancelProposal)',
      ),
  ).action(
    clientAction(async (id: string, f: TxFlags) => {
      const proposalId = parseProposalId(id)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny('/sdk.gov.v1.MsgCancelProposal', {
          proposal_id: proposalId,
          proposer: from.address,
        }),
      ])
    }),
  )
  addTxFlags(
    gov
      .command('submit-legacy-proposal')
      .description(
        'submit a legacy (v1beta1) text proposal with an initial deposit: --title, --description, --type Text and --deposit, or --proposal <file.json> holding them (sdk.gov.v1beta1.MsgSubmitProposal)',
      )
      .option('--title <title>', 'the proposal title')
      .option('--description <text>', 'the proposal description')
      .option('--type <type>', 'the proposal type (Text)')
      .option('--deposit <coins>', 'the proposal deposit')
      .option(
        '--proposal <file>',
        'proposal file path (if this path is given, other proposal flags are ignored)',
      ),
  ).action(
    clientAction(async (f: TxFlags & LegacyProposalFlags) => {
      const p = await legacyProposalOf(f)
      const deposit = parseCoins(p.deposit)
      // Upstream's ContentFromProposalType: only the text proposal is left in v0.50.
      const type = p.type.toLowerCase() === 'text' ? 'Text' : p.type
      if (type !== 'Text')
        throw new CliError(`failed to create proposal content: unknown proposal type ${p.type}`)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny('/sdk.gov.v1beta1.MsgSubmitProposal', {
          content: ctx.registry.packAny('/sdk.gov.v1beta1.TextProposal', {
            title: p.title,
            description: p.description,
          }),
          initial_deposit: coinsToProto(deposit),
          proposer: from.address,
        }),
      ])
    }),
  )
  registerDraftProposal(gov)
}

interface LegacyProposalFlags {
  title?: string
  description?: string
  type?: string
  deposit?: string
  proposal?: string
}

/** Upstream's parseSubmitLegacyProposal: the file's fields when `--proposal` is given, else the flags. */
async function legacyProposalOf(
  f: LegacyProposalFlags,
): Promise<{ title: string; description: string; type: string; deposit: string }> {
  if (f.proposal === undefined)
    return {
      title: f.title ?? '',
      description: f.description ?? '',
      type: f.type ?? '',
      deposit: f.deposit ?? '',
    }
  let json: Record<string, unknown>
  try {
    json = JSON.parse(await readFile(f.proposal, 'utf8'))
  } catch (err) {
    throw new CliError(`failed to parse proposal: ${(err as Error).message}`)
  }
  const text = (key: string) => (typeof json?.[key] === 'string' ? (json[key] as string) : '')
  return {
    title: text('title'),
    description: text('description'),
    type: text('type'),
    deposit: text('deposit'),
  }
}
