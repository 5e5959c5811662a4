import { writeFile } from 'node:fs/promises'
import type { Command } from 'commander'
import type * as protobuf from 'protobufjs'
import { addressToBech32, bech32ToAddress, moduleAddress } from '../codec/address.js'
import { brand } from '../codec/brand.js'
import { parseCoins } from '../codec/coins.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { SdkError } from '../errors.js'
import { goJsonStringify } from '../server/rpc/go-json.js'
import { clientAction, nextStdinLine } from './client-context.js'
import { CliError } from './errors.js'
import { addTxFlags } from './tx-flags.js'

/** The files `draft-proposal` writes in the working directory (upstream's names). */
export const DRAFT_PROPOSAL_FILE = 'draft_proposal.json'
export const DRAFT_METADATA_FILE = 'draft_metadata.json'

/** What upstream prints once the draft is written. */
export const DRAFT_DONE =
  'The draft proposal has successfully been generated.\nProposals should contain off-chain metadata, please upload the metadata JSON to IPFS.\nThen, replace the generated metadata field with the IPFS CID.'

/** Upstream's suggested proposal types, in its order: a name and its one message (canonical). */
const SUGGESTED: readonly { name: string; msgType: string }[] = [
  { name: 'text', msgType: '' },
  { name: 'community-pool-spend', msgType: '/sdk.distribution.v1beta1.MsgCommunityPoolSpend' },
  { name: 'software-upgrade', msgType: '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade' },
  { name: 'cancel-software-upgrade', msgType: '/sdk.upgrade.v1beta1.MsgCancelUpgrade' },
  { name: 'other', msgType: '' },
]

/** Stdin ended before the prompt had an answer. */
class EndOfInput extends CliError {
  constructor() {
    super('EOF')
  }
}

type Validate = (answer: string) => void

/**
 * Asks on stderr and reads the answer from stdin. An answer the check refuses is asked again at a
 * terminal (as upstream's prompt refuses it); from a pipe or a file it fails the command.
 */
async function ask(label: string, validate: Validate, fallback?: string): Promise<string> {
  for (;;) {
    process.stderr.write(fallback === undefined ? `${label}: ` : `${label} (${fallback}): `)
    const line = await nextStdinLine()
    if (line === undefined) throw new EndOfInput()
    const answer = line === '' && fallback !== undefined ? fallback : line
    try {
      validate(answer)
      return answer
    } catch (err) {
      if (!process.stdin.isTTY) throw err
      process.stderr.write(`${(err as Error).message}\n`)
    }
  }
}

/** Lists the items numbered and reads one: its number or its name (any case). */
async function select(label: string, items: readonly string[]): Promise<string> {
  process.stderr.write(`${label}\n${items.map((item, i) => `  ${i + 1}. ${item}\n`).join('')}`)
  let chosen = ''
  await ask('Enter a number or a name', (answer) => {
    const n = /^\d+$/.test(answer) ? Number(answer) : Number.NaN
    const byName = items.find((item) => item.toLowerCase() === answer.trim().toLowerCase())
    const found = byName ?? (n >= 1 && n <= items.length ? items[n - 1] : undefined)
    if (found === undefined) throw new CliError(`invalid choice: ${answer}`)
    chosen = found
  })
  return chosen
}

/** Upstream ValidatePromptNotEmpty. */
const notEmpty: Validate = (answer) => {
  if (answer === '') throw new CliError('input cannot be empty')
}

/** Upstream ValidatePromptAddress: an account, validator or consensus address of the chain. */
const anAddress: Validate = (answer) => {
  const { account, validator, consensus } = brand().bech32
  let last: unknown
  for (const prefix of [account, validator, consensus]) {
    try {
      bech32ToAddress(answer, prefix)
      return
    } catch (err) {
      last = err
    }
  }
  // Upstream's GetFromBech32 words a prefix that does not match its own way.
  const text = wrappedText(last).replace(
    /^hrp does not match bech32 prefix: expected '(.*)' got '(.*)'$/,
    'invalid Bech32 prefix; expected $1, got $2',
  )
  throw new CliError(`invalid address: ${text}`)
}

/** Upstream ValidatePromptCoins (sdkd's coins are integers, as its proposal file's deposit). */
const coins: Validate = (answer) => {
  try {
    parseCoins(answer)
  } catch (err) {
    throw new CliError(`invalid coins: ${wrappedText(err)}`)
  }
}

/** An error's text without its registered root (`decoding bech32 failed: …`), as Go's err.Error(). */
function wrappedText(err: unknown): string {
  if (err instanceof SdkError && err.wraps.length > 0) return [...err.wraps].reverse().join(': ')
  return err instanceof Error ? err.message : String(err)
}

/** A proto field name as gogoproto names the Go field (`proposal_forum_url` → `ProposalForumUrl`). */
export function goFieldName(protoName: string): string {
  let out = ''
  let upper = true
  for (const ch of protoName) {
    if (ch === '_') {
      upper = true
      continue
    }
    out += upper ? ch.toUpperCase() : ch
    upper = /\d/.test(ch)
  }
  return out
}

/** Upstream CamelCaseToString: a space before each capital after the second letter. */
export function camelCaseToString(name: string): string {
  let out = name.slice(0, 2)
  for (const ch of name.slice(2)) out += /[A-Z]/.test(ch) ? ` ${ch}` : ch
  return out
}

/** The prompt upstream shows for a field: `Enter <prefix> <its Go name in words>`. */
function fieldLabel(prefix: string, goName: string): string {
  return `Enter ${prefix} ${camelCaseToString(goName).toLowerCase()}`
}

/** Field names upstream checks as addresses (by their lower-cased Go name). */
const ADDRESS_WORDS = ['addr', 'sender', 'voter', 'depositor', 'granter', 'grantee', 'recipient']

/**
 * The fields of a message the draft fills from a prompt: upstream's Prompt sets a message's plain
 * strings (a list of strings as one element), and leaves nested messages, lists of them, numbers,
 * flags and custom types (amounts, decimals) at their defaults, for the user to edit in the file.
 */
function promptedFields(type: protobuf.Type): protobuf.Field[] {
  return type.fieldsArray.filter(
    (f) =>
      f.type === 'string' &&
      f.options?.['(gogoproto.customtype)'] === undefined &&
      f.partOf === null &&
      !f.map,
  )
}

/** Asks for a message's fields (see `promptedFields`); the authority defaults to x/gov's account. */
async function promptMessage(type: protobuf.Type): Promise<Record<string, unknown>> {
  const value: Record<string, unknown> = {}
  for (const field of promptedFields(type)) {
    const goName = goFieldName(field.name)
    const lower = goName.toLowerCase()
    let validate: Validate = notEmpty
    let fallback: string | undefined
    if (lower === 'authority') {
      fallback = addressToBech32(moduleAddress('gov'))
      validate = anAddress
    }
    if (ADDRESS_WORDS.some((w) => lower.includes(w))) validate = anAddress
    let answer: string
    try {
      answer = await ask(fieldLabel('msg', goName), validate, fallback)
    } catch (err) {
      throw new CliError(`failed to prompt for ${lower}: ${(err as Error).message}`)
    }
    value[field.name] = field.repeated ? [answer] : answer
  }
  return value
}

/** Upstream's ProposalMetadata, in its JSON field order. */
interface ProposalMetadata {
  title: string
  authors: string[]
  summary: string
  details: string
  proposal_forum_url: string
  vote_option_context: string
}

/** Asks for the proposal's metadata (upstream PromptMetadata), or its title and summary alone. */
async function promptMetadata(skip: boolean): Promise<ProposalMetadata> {
  const fields: readonly (keyof ProposalMetadata)[] = skip
    ? ['title', 'summary']
    : ['title', 'authors', 'summary', 'details', 'proposal_forum_url', 'vote_option_context']
  const metadata: ProposalMetadata = {
    title: '',
    authors: [],
    summary: '',
    details: '',
    proposal_forum_url: '',
    vote_option_context: '',
  }
  for (const name of fields) {
    const goName = goFieldName(name)
    let answer: string
    try {
      answer = await ask(fieldLabel('proposal', goName), notEmpty)
    } catch (err) {
      // Upstream wraps a metadata prompt's failure twice in the same words.
      const what = skip
        ? `failed to set proposal ${name}`
        : `failed to set proposal metadata: failed to prompt for ${goName.toLowerCase()}`
      throw new CliError(`failed to set proposal metadata: ${what}: ${(err as Error).message}`)
    }
    if (name === 'authors') metadata.authors = [answer]
    else metadata[name] = answer
  }
  return metadata
}

/** The proposal file upstream drafts, in its field order (`messages` left out when empty). */
function proposalFile(
  messages: unknown[],
  metadata: ProposalMetadata,
  deposit: string,
): Record<string, unknown> {
  return {
    ...(messages.length > 0 ? { messages } : {}),
    metadata: 'ipfs://CID',
    deposit,
    title: metadata.title,
    summary: metadata.summary,
    expedited: false,
  }
}

/** Builds the draft from the answers; writes draft_proposal.json (and draft_metadata.json). */
async function draftProposal(registry: ProtoRegistry, skipMetadata: boolean): Promise<void> {
  let typeName: string
  try {
    typeName = await select(
      'Select proposal type:',
      SUGGESTED.map((p) => p.name),
    )
  } catch (err) {
    throw new CliError(`failed to prompt proposal types: ${(err as Error).message}`)
  }
  const suggested = SUGGESTED.find((p) => p.name === typeName)!.msgType
  let msgType = suggested === '' ? '' : registry.typeUrl(suggested)
  if (typeName === 'other') {
    const urls = [...registry.msgIndex().byTypeUrl.keys()].sort()
    try {
      msgType = await select('Select proposal message type:', urls)
    } catch (err) {
      throw new CliError(`failed to prompt proposal types: ${(err as Error).message}`)
    }
  }
  const metadata = await promptMetadata(skipMetadata)
  let deposit: string
  try {
    deposit = await ask('Enter proposal deposit', coins)
  } catch (err) {
    throw new CliError(`failed to set proposal deposit: ${(err as Error).message}`)
  }
  const messages: unknown[] = []
  if (msgType !== '') {
    const type = registry.typeOfUrl(msgType)
    if (!type) throw new CliError(`unknown message type ${msgType}`)
    let value: Record<string, unknown>
    try {
      value = await promptMessage(type)
    } catch (err) {
      throw new CliError(`failed to set proposal message: ${(err as Error).message}`)
    }
    const { anyToJson } = await import('../codec/json-writer.js')
    messages.push(anyToJson(registry, registry.packAny(msgType, value)))
  }
  await writeFile(
    DRAFT_PROPOSAL_FILE,
    goJsonStringify(proposalFile(messages, metadata, deposit), 1),
    {
      mode: 0o600,
    },
  )
  if (!skipMetadata) {
    await writeFile(DRAFT_METADATA_FILE, goJsonStringify(metadata, 1), { mode: 0o600 })
  }
  process.stdout.write(`${DRAFT_DONE}\n`)
}

/** `sdkd tx gov draft-proposal [--skip-metadata]`. */
export function registerDraftProposal(gov: Command): void {
  // The tx flags too, as upstream's: accepted, none changes what it asks or writes.
  addTxFlags(gov.command('draft-proposal'))
    .description(
      `ask for a proposal's type, metadata, deposit and message fields (on stderr, answers from stdin) and write ${DRAFT_PROPOSAL_FILE} and ${DRAFT_METADATA_FILE} in the working directory, for tx gov submit-proposal`,
    )
    .option(
      '--skip-metadata',
      `ask only for the title and summary; write no ${DRAFT_METADATA_FILE}`,
    )
    .action(
      clientAction(async (f: { skipMetadata?: boolean }) => {
        const { protoRegistry } = await import('../codec/proto.js')
        await draftProposal(protoRegistry(), f.skipMetadata === true)
      }),
    )
}
