/**
 * A first-come, first-served async mutex: CometBFT's socket server holds one mutex across all its
 * connections while the app handles a request, so an app has only ever seen one request at a time.
 * A Node.js handler can interleave with another at each `await`; taking this mutex around each app
 * call keeps that guarantee.
 */
export class AsyncMutex {
  private tail: Promise<void> = Promise.resolve()

  /** Resolves, once the mutex is this caller's, to the function that gives it back (idempotent). */
  acquire(): Promise<() => void> {
    let free!: () => void
    const held = new Promise<void>((resolve) => {
      free = resolve
    })
    const before = this.tail
    this.tail = before.then(() => held)
    let released = false
    const release = () => {
      if (released) return
      released = true
      free()
    }
    return before.then(() => release)
  }
}
