/** ABCI events, as they appear in tx results and block results. */
export interface EventAttribute {
  key: string
  value: string
  index: boolean
}

export interface Event {
  type: string
  attributes: EventAttribute[]
}

/** Collects the events of one execution scope (a tx, a block phase, a proposal's branch). */
export class EventManager {
  private readonly list: Event[] = []

  /**
   * With `discard`, events are dropped as they are emitted (CheckTx keeps none). One class either
   * way: the code that emits sees one object shape whatever the mode.
   */
  constructor(private readonly discard = false) {}

  /**
   * Whether emitted events are kept: where they are not (CheckTx), an emitter may skip building
   * their attribute values (bech32 addresses, coin texts, base64 signatures), which nobody reads.
   */
  get keeps(): boolean {
    return !this.discard
  }

  /** Emits an event; attribute values are strings, indexed by default (as upstream). */
  emit(type: string, attributes: Record<string, string> | [string, string][] = {}): void {
    if (this.discard) return
    // Built straight from the argument: every tx emits a dozen events, and the pairs of
    // Object.entries (and a mapped copy) were garbage made for each of them.
    const list: EventAttribute[] = []
    if (Array.isArray(attributes)) {
      for (let i = 0; i < attributes.length; i++) {
        const pair = attributes[i]!
        list.push({ key: pair[0], value: pair[1], index: true })
      }
    } else {
      for (const key in attributes) list.push({ key, value: attributes[key]!, index: true })
    }
    this.list.push({ type, attributes: list })
  }

  /** Emits already-built events (e.g. from a branch that succeeded). */
  emitEvents(events: readonly Event[]): void {
    if (this.discard) return
    this.list.push(...events)
  }

  /** The events so far, in order. */
  events(): Event[] {
    return [...this.list]
  }

  get length(): number {
    return this.list.length
  }
}
