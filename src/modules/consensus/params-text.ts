import { compactTextQuote as quote } from '../../codec/compact-text.js'
import type { CometParamsUpdate } from './comet-params.js'

// gogoproto's compact text format (`proto.CompactTextString`, what a Go message's String() gives)
// of a `tendermint.types.ConsensusParams`: fields in field-number order, each followed by one space;
// zero scalars and absent messages left out; a message as `name:<…> `; the evidence age, a Go
// time.Duration, as a Duration message and left out when zero.

/** The compact text of an update, as upstream's `update_consensus_params` event carries it. */
export function consensusParamsText(p: CometParamsUpdate): string {
  let out = ''
  if (p.block)
    out += message('block', int('max_bytes', p.block.maxBytes) + int('max_gas', p.block.maxGas))
  if (p.evidence) {
    const ev = p.evidence
    out += message(
      'evidence',
      int('max_age_num_blocks', ev.maxAgeNumBlocks) +
        duration('max_age_duration', ev.maxAgeDuration) +
        int('max_bytes', ev.maxBytes),
    )
  }
  if (p.validator)
    out += message(
      'validator',
      p.validator.pubKeyTypes.map((t) => `pub_key_types:${quote(t)} `).join(''),
    )
  if (p.version) out += message('version', int('app', p.version.app))
  if (p.abci)
    out += message('abci', int('vote_extensions_enable_height', p.abci.voteExtensionsEnableHeight))
  return out
}

const message = (name: string, body: string) => `${name}:<${body}> `

const int = (name: string, n: bigint) => (n === 0n ? '' : `${name}:${n} `)

/** A nanosecond count as gogoproto's Duration: seconds and nanos both truncated toward zero. */
function duration(name: string, ns: bigint): string {
  if (ns === 0n) return ''
  const seconds = ns / 1_000_000_000n
  return message(name, int('seconds', seconds) + int('nanos', ns - seconds * 1_000_000_000n))
}
