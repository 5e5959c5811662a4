import protobuf from 'protobufjs/light.js'
import { goBase64Decode } from '../../codec/go-base64.js'
import { goAtoi, goParseBool, goParseInt, goParseUint } from '../../codec/go-strconv.js'
import { isLongType, JsonMappingError, PROTO_INTEGERS } from '../../codec/json.js'
import { parseDuration, parseTimestamp } from '../../codec/json-well-known.js'

/**
 * A request field's value from the text of a path variable or a query parameter, as grpc-gateway
 * v1.16's runtime converts it (the generated handlers' `runtime.Uint64(val)` … for a path variable,
 * PopulateQueryParameters' converters for a query parameter): integers as Go's
 * `strconv.ParseInt`/`ParseUint(text, 0, bits)`, so `0x10`, `0o17`, `017` (octal), `0b1` and
 * `1_000` are numbers too and a sign is refused for unsigned types; bools as `strconv.ParseBool`;
 * bytes as standard, else URL-safe, base64; enums as below. Throws the converter's error text.
 */

/** Where the text came from: the converters differ for enums only. */
export type FieldTextSource = 'path' | 'query'

/**
 * How upstream's query parser sees an enum a served request carries, by name without the brand:
 * the Go type it prints (`<go_package's last element>.<Name>`) and whether it finds the enum's
 * names. It looks them up in golang/protobuf's registry, which holds an enum only when the app
 * links the proto package's cosmossdk.io/api code: gov v1's (x/gov's autocli) and tx's (x/auth/tx)
 * are linked, gov v1beta1's is not, so its parameter is a plain int32 there (`strconv.ParseInt`).
 */
const GO_ENUMS: Record<string, { goType: string; names: boolean }> = {
  'gov.v1.ProposalStatus': { goType: 'v1.ProposalStatus', names: true },
  'gov.v1beta1.ProposalStatus': { goType: 'v1beta1.ProposalStatus', names: false },
  'tx.v1beta1.OrderBy': { goType: 'tx.OrderBy', names: true },
}

/**
 * An enum not in the table (no served request carries one): taken as named, in a Go package named
 * as the proto package's last element.
 */
function goEnumOf(e: protobuf.Enum): { goType: string; names: boolean } {
  const unbranded = e.fullName.replace(/^\.[^.]+\./, '')
  const known = GO_ENUMS[unbranded]
  if (known) return known
  const pkg = unbranded.split('.').slice(-2, -1)[0] ?? ''
  return { goType: pkg ? `${pkg}.${e.name}` : e.name, names: true }
}

/** The enum value named `text`, if any (own names only: `constructor` names none). */
function enumByName(e: protobuf.Enum, text: string): number | undefined {
  return Object.hasOwn(e.values, text) ? e.values[text] : undefined
}

const isEnumValue = (e: protobuf.Enum, n: number) => Object.values(e.values).includes(n)

/**
 * A query parameter's enum (query.go's convertEnum): a name, else `strconv.Atoi`'s number whose
 * int32 truncation is one of the values (that truncation is the field's value); otherwise
 * `<text> is not a valid <Go type>`. An enum whose names upstream does not find is an int32.
 */
function queryEnum(e: protobuf.Enum, text: string): number {
  const { goType, names } = goEnumOf(e)
  if (!names) return Number(goParseInt(text, 0, 32))
  const named = enumByName(e, text)
  if (named !== undefined) return named
  const n = goAtoi(text)
  const value = n === undefined ? undefined : Number(BigInt.asIntN(32, n))
  if (value === undefined || !isEnumValue(e, value)) {
    throw new JsonMappingError(`${text} is not a valid ${goType}`)
  }
  return value
}

/** A path variable's enum (convert.go's Enum): a name, else an int32 (base 0) that is a value. */
function pathEnum(e: protobuf.Enum, text: string): number {
  const named = enumByName(e, text)
  if (named !== undefined) return named
  let n: number | undefined
  try {
    n = Number(goParseInt(text, 0, 32))
  } catch {
    n = undefined
  }
  if (n === undefined || !isEnumValue(e, n)) throw new JsonMappingError(`${text} is not valid`)
  return n
}

/** Parses one scalar given as text (a path variable or a query parameter) for a field. */
export function fieldFromText(
  field: protobuf.Field,
  text: string,
  source: FieldTextSource,
): unknown {
  field.resolve()
  const t = field.type
  // grpc-gateway picks a converter by the field's Go kind.
  const kind = Object.hasOwn(PROTO_INTEGERS, t) ? PROTO_INTEGERS[t] : undefined
  if (kind) {
    const n = kind.signed ? goParseInt(text, 0, kind.bits) : goParseUint(text, 0, kind.bits)
    return isLongType(t) ? n.toString() : Number(n)
  }
  if (t === 'bool') return goParseBool(text)
  if (t === 'double' || t === 'float') {
    const n = Number(text)
    if (text.trim() === '' || Number.isNaN(n)) {
      throw new JsonMappingError(
        `strconv.ParseFloat: parsing ${JSON.stringify(text)}: invalid syntax`,
      )
    }
    return n
  }
  if (t === 'string') return text
  if (t === 'bytes') {
    // runtime.Bytes: the standard alphabet, else the URL-safe one, whose error it returns.
    const std = goBase64Decode(text, 'std')
    if ('bytes' in std) return std.bytes
    const url = goBase64Decode(text, 'url')
    if ('bytes' in url) return url.bytes
    throw new JsonMappingError(`illegal base64 data at input byte ${url.offset}`)
  }
  const resolved = field.resolvedType
  if (resolved instanceof protobuf.Enum) {
    return source === 'path' ? pathEnum(resolved, text) : queryEnum(resolved, text)
  }
  if (resolved instanceof protobuf.Type && resolved.fullName === '.google.protobuf.Timestamp') {
    return parseTimestamp(text, field.name)
  }
  if (resolved instanceof protobuf.Type && resolved.fullName === '.google.protobuf.Duration') {
    return parseDuration(text, field.name)
  }
  throw new JsonMappingError(`unexpected nested field ${field.name}`)
}
