import { readFile } from 'node:fs/promises'
import { goJsonString } from '../../codec/go-json.js'
import { parseRfc3339, timeToTimestamp } from '../../codec/time.js'
import { writeFileAtomic } from '../../config/atomic-file.js'
import { GrpcCode, StatusError } from '../../errors.js'
import { type PlanInput, planHeight, validatePlan } from './plan.js'

/** What `data/upgrade-info.json` holds: the plan that halted the chain, at the block height it halted. */
export interface UpgradeInfo {
  name: string
  height: number
  info: string
}

/**
 * The bytes upstream DumpUpgradeInfoToDisk writes: Go JSON of `Plan{name, height, info}` — `time`
 * always present (zero), `height` a number, empty `name`/`info` omitted, no trailing newline.
 */
export function upgradeInfoJson(info: UpgradeInfo): string {
  const parts: string[] = []
  if (info.name !== '') parts.push(`"name":${goJsonString(info.name)}`)
  parts.push('"time":"0001-01-01T00:00:00Z"')
  if (info.height !== 0) parts.push(`"height":${info.height}`)
  if (info.info !== '') parts.push(`"info":${goJsonString(info.info)}`)
  return `{${parts.join(',')}}`
}

/**
 * Upstream DumpUpgradeInfoToDisk: writes the plan with the block height it halted at (the argument
 * wins over the plan's own height) atomically (temp file, fsync, rename), mode 0600.
 */
export async function writeUpgradeInfo(
  path: string,
  height: number,
  plan: { name: string; info: string },
): Promise<void> {
  await writeFileAtomic(path, upgradeInfoJson({ name: plan.name, height, info: plan.info }), 0o600)
}

const goField = (field: string, type: string, got: string) =>
  new StatusError(
    GrpcCode.InvalidArgument,
    `json: cannot unmarshal ${got} into Go struct field Plan.${field} of type ${type}`,
  )

function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array'
  if (v === null) return 'null'
  if (typeof v === 'object') return 'object'
  if (typeof v === 'boolean') return 'bool'
  return typeof v
}

/** Parses upgrade-info.json text as Go would into a Plan, then validates it (upstream ValidateBasic). */
export function parseUpgradeInfo(text: string): UpgradeInfo {
  if (text.trim() === '')
    throw new StatusError(GrpcCode.InvalidArgument, 'unexpected end of JSON input')
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (err) {
    throw new StatusError(GrpcCode.InvalidArgument, `invalid JSON: ${(err as Error).message}`)
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    if (data === null) return validated({})
    throw new StatusError(
      GrpcCode.InvalidArgument,
      `json: cannot unmarshal ${jsonKind(data)} into Go value of type types.Plan`,
    )
  }
  const o = data as Record<string, unknown>
  const plan: PlanInput = {}
  if (o.name !== undefined && o.name !== null) {
    if (typeof o.name !== 'string') throw goField('name', 'string', jsonKind(o.name))
    plan.name = o.name
  }
  if (o.info !== undefined && o.info !== null) {
    if (typeof o.info !== 'string') throw goField('info', 'string', jsonKind(o.info))
    plan.info = o.info
  }
  if (o.height !== undefined && o.height !== null) {
    if (typeof o.height !== 'number') throw goField('height', 'int64', jsonKind(o.height))
    if (!Number.isSafeInteger(o.height)) throw goField('height', 'int64', `number ${o.height}`)
    plan.height = o.height
  }
  if (o.time !== undefined && o.time !== null) {
    if (typeof o.time !== 'string') throw goField('time', 'time.Time', jsonKind(o.time))
    try {
      plan.time = timeToTimestamp(parseRfc3339(o.time))
    } catch {
      throw new StatusError(
        GrpcCode.InvalidArgument,
        `parsing time ${JSON.stringify(o.time)} as "2006-01-02T15:04:05Z07:00": cannot parse`,
      )
    }
  }
  // Go decodes it into an Any; validatePlan refuses any value at all, so only its presence counts.
  if (o.upgraded_client_state !== undefined && o.upgraded_client_state !== null)
    plan.upgraded_client_state = {}
  return validated(plan)
}

function validated(plan: PlanInput): UpgradeInfo {
  validatePlan(plan)
  return { name: plan.name ?? '', height: Number(planHeight(plan)), info: plan.info ?? '' }
}

/**
 * Upstream ReadUpgradeInfoFromDisk: no file → undefined (no error); otherwise the validated plan
 * (e.g. `name cannot be empty: invalid request`).
 */
export async function readUpgradeInfo(path: string): Promise<UpgradeInfo | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw err
  }
  return parseUpgradeInfo(text)
}
