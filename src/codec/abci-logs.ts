import type { ProtoInit } from './proto.js'

/** A message log of a TxResponse's `logs`, as `fromObject` takes it. */
type AbciMessageLog = ProtoInit<'sdk.base.abci.v1beta1.ABCIMessageLog'>

/**
 * Upstream ParseABCILogs: a raw log that holds JSON message logs (SDK ≤ v0.47) as `logs`; any other
 * raw log (v0.50's plain text, an error) gives none. The entries are taken as the JSON has them,
 * unchecked: `fromObject` converts (or refuses) them where the TxResponse is built.
 */
export function parseAbciLogs(rawLog: string): AbciMessageLog[] {
  if (!rawLog.startsWith('[')) return []
  try {
    const parsed = JSON.parse(rawLog) as unknown
    return Array.isArray(parsed) ? (parsed as AbciMessageLog[]) : []
  } catch {
    return []
  }
}
