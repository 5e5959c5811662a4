import { decToString, DEC_PRECISION as PRECISION } from '../codec/dec.js'
import { CliError } from './errors.js'

// The vote options of `tx gov vote` and `tx gov weighted-vote`, read as upstream's CLI reads them:
// x/gov/client/utils NormalizeVoteOption and NormalizeWeightedVoteOptions, then x/gov/types/v1
// VoteOptionFromString and WeightedVoteOptionsFromString.

/** The enum's own names (VoteOption_value), which VoteOptionFromString alone accepts. */
const VOTE_OPTION_VALUES: Readonly<Record<string, number>> = {
  VOTE_OPTION_UNSPECIFIED: 0,
  VOTE_OPTION_YES: 1,
  VOTE_OPTION_ABSTAIN: 2,
  VOTE_OPTION_NO: 3,
  VOTE_OPTION_NO_WITH_VETO: 4,
}

/** NormalizeVoteOption: the only other spellings taken, each mapped to its enum name. */
const NORMALIZED: Readonly<Record<string, string>> = {
  Yes: 'VOTE_OPTION_YES',
  yes: 'VOTE_OPTION_YES',
  Abstain: 'VOTE_OPTION_ABSTAIN',
  abstain: 'VOTE_OPTION_ABSTAIN',
  No: 'VOTE_OPTION_NO',
  no: 'VOTE_OPTION_NO',
  NoWithVeto: 'VOTE_OPTION_NO_WITH_VETO',
  no_with_veto: 'VOTE_OPTION_NO_WITH_VETO',
}

/** NormalizeVoteOption: a known spelling as its enum name, anything else as given. */
function normalizeVoteOption(text: string): string {
  return Object.hasOwn(NORMALIZED, text) ? NORMALIZED[text]! : text
}

/** VoteOptionFromString: an enum name (exactly; UNSPECIFIED too, which the chain refuses). */
function voteOptionFromString(text: string): number {
  if (!Object.hasOwn(VOTE_OPTION_VALUES, text))
    throw new CliError(
      `'${text}' is not a valid vote option, available options: yes/no/no_with_veto/abstain`,
    )
  return VOTE_OPTION_VALUES[text]!
}

/** `tx gov vote`'s option: `yes`, `Yes`, `VOTE_OPTION_YES` …; `YES` or `maybe` are refused. */
export function parseVoteOption(text: string): number {
  return voteOptionFromString(normalizeVoteOption(text))
}

/**
 * `tx gov weighted-vote`'s options, `yes=0.6,no=0.4`: an option without a weight weighs 1
 * (NormalizeWeightedVoteOptions), fields after the weight are ignored, as upstream's split does;
 * each weight a decimal printed with 18 places.
 */
export function parseWeightedVoteOptions(text: string): { option: number; weight: string }[] {
  return text.split(',').map((part) => {
    const [name = '', weight = '1'] = part.split('=')
    return { option: voteOptionFromString(normalizeVoteOption(name)), weight: legacyDec(weight) }
  })
}

/** LegacyDec's largest value in bits (256-bit integers and 59 bits of the fraction). */
const MAX_DEC_BIT_LEN = 256 + 59

/**
 * A decimal read as math.LegacyNewDecFromStr reads it, with its errors, and printed as
 * LegacyDec.String(): `0.5` → `0.500000000000000000`.
 */
function legacyDec(input: string): string {
  let text = input
  let negative = false
  if (text.startsWith('-')) {
    negative = true
    text = text.slice(1)
  }
  if (text === '') throw new CliError('decimal string cannot be empty')
  const parts = text.split('.')
  let digits = parts[0]!
  let places = 0
  if (parts.length === 2) {
    places = parts[1]!.length
    if (places === 0 || digits.length === 0) throw new CliError('invalid decimal length')
    digits += parts[1]
  } else if (parts.length > 2) {
    throw new CliError('invalid decimal string')
  }
  if (places > PRECISION)
    throw new CliError(
      `value '${text}' exceeds max precision by ${PRECISION - places} decimal places: max precision ${PRECISION}`,
    )
  digits += '0'.repeat(PRECISION - places)
  // Go's big.Int SetString in base 10: an optional sign, then decimal digits only.
  if (!/^[+-]?\d+$/.test(digits))
    throw new CliError(`failed to set decimal string with base 10: ${digits}`)
  const n = BigInt(digits)
  const bitLen = (n < 0n ? -n : n).toString(2).length
  if (bitLen > MAX_DEC_BIT_LEN)
    throw new CliError(
      `decimal '${text}' out of range; bitLen: got ${bitLen}, max ${MAX_DEC_BIT_LEN}`,
    )
  return decToString(negative ? -n : n)
}
