import type { StoreBackend } from './backend.js'
import type { ReadSpan } from './read-span.js'
import { versionAt } from './version-index.js'
import { versionHeights } from './version-lookup.js'

/** Keys whose version heights are kept. */
const LIST_KEYS = 4096
/** A key with more versions than this is left to seeks (its list would be large to read and hold). */
const LIST_VERSIONS = 1024

/** A key's version heights up to `upTo` (null: too many to keep). */
interface VersionList {
  readonly upTo: number
  readonly v: readonly number[] | null
}

/**
 * The version heights of recently read keys that have few versions, read once per key by one scan:
 * a later read of such a key at a past height finds its version by binary search and reads it with
 * one synchronous get instead of a seek (a key changed now and then, read at random heights). The
 * heights are immutable history up to `upTo`; a rollback clears them all (pruning deletes no version
 * live at a retained height).
 */
export class VersionLists {
  private readonly lists = new Map<string, VersionList>()
  private readonly loading = new Set<string>()
  /** Bumped on clear: loads begun before then do not fill the map. */
  private generation = 0

  constructor(private readonly backend: StoreBackend) {}

  /**
   * The height of the version of `full` live at `height` (negative: a deletion; 0 with `none`: no
   * version yet), or undefined when the key's list is not known for that height. A key read for the
   * first time starts the read of its list (for the reads after this one). A known version narrows
   * `span` to the heights up to the next version (or to the height the list is known up to).
   */
  versionAt(
    full: string,
    height: number,
    latest: number,
    span?: ReadSpan,
  ): number | undefined | typeof NO_VERSION {
    const list = this.lists.get(full)
    if (list === undefined) {
      this.load(full, latest)
      return undefined
    }
    const v = list.v
    if (v === null || height > list.upTo) return undefined
    const i = versionAt(v, height)
    span?.narrow(
      i < 0 ? 0 : Math.abs(v[i]!),
      i + 1 < v.length ? Math.abs(v[i + 1]!) - 1 : list.upTo,
    )
    return i < 0 ? NO_VERSION : v[i]!
  }

  /** Forgets every list (heights were rolled back). */
  clear(): void {
    this.lists.clear()
    this.loading.clear()
    this.generation++
  }

  private load(full: string, latest: number): void {
    if (this.loading.has(full) || latest < 0) return
    this.loading.add(full)
    const generation = this.generation
    versionHeights(this.backend, full, latest, LIST_VERSIONS).then(
      (v) => {
        if (generation !== this.generation) return
        this.loading.delete(full)
        if (this.lists.size >= LIST_KEYS) {
          const oldest = this.lists.keys().next().value
          if (oldest !== undefined) this.lists.delete(oldest)
        }
        this.lists.set(full, { upTo: latest, v })
      },
      () => {
        // A failed read (a closing database) leaves the key to seeks.
        if (generation === this.generation) this.loading.delete(full)
      },
    )
  }
}

/** `VersionLists.versionAt`'s answer when the key had no version at that height. */
export const NO_VERSION = Symbol('no version')
