import { internalError } from './errors.js'

/** CometBFT's page size defaults (`rpc/core/env.go`): 30 per page, at most 100. */
const DEFAULT_PER_PAGE = 30
const MAX_PER_PAGE = 100

/**
 * CometBFT's getHeight: an explicit height must be positive, at most `latest` (latest + 1 for the
 * next-height routes) and retained; an absent one is `latest`.
 */
export function resolveHeight(latest: number, base: number, asked: bigint | undefined): number {
  if (asked === undefined) return latest
  if (asked <= 0n) throw internalError(`height must be greater than 0, but got ${asked}`)
  if (asked > BigInt(latest)) {
    throw internalError(
      `height ${asked} must be less than or equal to the current blockchain height ${latest}`,
    )
  }
  const height = Number(asked)
  if (height < base)
    throw internalError(`height ${height} is not available, lowest height is ${base}`)
  return height
}

/** validatePerPage: absent or < 1 is 30, more than 100 is 100 (no error). */
export function perPageOf(perPage: number | undefined): number {
  if (perPage === undefined || perPage < 1) return DEFAULT_PER_PAGE
  return Math.min(perPage, MAX_PER_PAGE)
}

/**
 * validatePage and the slice it selects: the 1-based page (absent = 1) must be within the
 * ⌈total / perPage⌉ pages (at least one, even empty).
 */
export function pageOf<T>(
  items: readonly T[],
  page: bigint | undefined,
  perPage: number | undefined,
): T[] {
  const size = perPageOf(perPage)
  const pages = Math.max(1, Math.floor((items.length - 1) / size) + 1)
  const p = page ?? 1n
  if (p <= 0n || p > BigInt(pages))
    throw internalError(`page should be within [1, ${pages}] range, given ${p}`)
  const skip = (Number(p) - 1) * size
  return items.slice(skip, skip + size)
}
