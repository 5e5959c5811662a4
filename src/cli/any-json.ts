import { goJsonKind, goTypeError } from '../server/rpc/go-json.js'
import { CliError } from './errors.js'

/**
 * The type URL of an Any's proto JSON (`{"@type": url, …}`, e.g. a public key's), refused in the
 * words of upstream's JSON decoder (gogoproto jsonpb) when it is not an object or has no string
 * `@type`.
 */
export function anyJsonTypeUrl(json: unknown): string {
  if (json !== null && (typeof json !== 'object' || Array.isArray(json)))
    throw new CliError(goTypeError(goJsonKind(json), 'map[string]*json.RawMessage'))
  const url = (json as Record<string, unknown> | null)?.['@type']
  if (url === undefined || url === null) throw new CliError("Any JSON doesn't have '@type'")
  if (typeof url !== 'string')
    throw new CliError(`can't unmarshal Any's '@type': ${JSON.stringify(JSON.stringify(url))}`)
  return url
}
