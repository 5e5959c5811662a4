import { expect, test } from 'vitest'
import type { StateBranch } from './types.js'
import {
  type BackendFactory,
  b,
  collect,
  commitNext,
  storeSuite,
} from './versioned-store-suite.case.js'

/** Iteration over committed state and branch overlays, in key order either way, and isEmpty. */
export function describeIteration(makeFactory: () => BackendFactory): void {
  const { setup } = storeSuite(makeFactory)

  test('behavior: iteration is ordered and merges a branch overlay with committed state', async () => {
    const vs = await setup()
    const br = vs.branch()
    for (const k of ['b', 'd', 'a', 'c', 'e']) br.store('bank').set(b(`p/${k}`), b(k))
    br.store('bank').set(b('q/z'), b('z'))
    await commitNext(vs, br)
    const view = vs.view(1).store('bank')
    expect(await collect(view.iterate({ prefix: b('p/') }))).toEqual([
      'p/a=a',
      'p/b=b',
      'p/c=c',
      'p/d=d',
      'p/e=e',
    ])
    expect(await collect(view.iterate({ prefix: b('p/'), reverse: true }))).toEqual([
      'p/e=e',
      'p/d=d',
      'p/c=c',
      'p/b=b',
      'p/a=a',
    ])
    expect(await collect(view.iterate({ gte: b('p/b'), lt: b('p/d') }))).toEqual(['p/b=b', 'p/c=c'])
    const over = vs.branch()
    const st = over.store('bank')
    st.delete(b('p/b'))
    st.set(b('p/bb'), b('new'))
    st.set(b('p/e'), b('E'))
    expect(await collect(st.iterate({ prefix: b('p/') }))).toEqual([
      'p/a=a',
      'p/bb=new',
      'p/c=c',
      'p/d=d',
      'p/e=E',
    ])
    expect(await collect(st.iterate({ prefix: b('p/'), reverse: true }))).toEqual([
      'p/e=E',
      'p/d=d',
      'p/c=c',
      'p/bb=new',
      'p/a=a',
    ])
    expect(
      await collect(
        vs
          .view(1)
          .store('bank')
          .iterate({ prefix: b('p/') }),
      ),
    ).toHaveLength(5)
  })

  test('behavior: isEmpty answers from memory only what iteration would say', async () => {
    const vs = await setup()
    const br = vs.branch()
    br.store('bank').set(b('q/1'), b('1'))
    br.store('bank').set(b('r/1'), b('1'))
    await commitNext(vs, br)
    const next = vs.branch()
    next.store('bank').delete(b('q/1'))
    await commitNext(vs, next)

    const root = vs.branch()
    const bank = root.store('bank')
    // Agrees with iteration whenever it answers.
    const agrees = async (store: StateBranch, prefix: string) => {
      const known = store.store('bank').isEmpty?.({ prefix: b(prefix) })
      const entries = await collect(store.store('bank').iterate({ prefix: b(prefix) }))
      if (known !== undefined) expect(known).toBe(entries.length === 0)
      return known
    }
    expect(await agrees(root, 'q/')).toBe(true) // deleted at height 2
    expect(await agrees(root, 'r/')).toBe(false)
    expect(await agrees(root, 'z/')).toBe(true)
    bank.set(b('z/1'), b('1'))
    expect(await agrees(root, 'z/')).toBe(false) // written in the branch
    const child = root.branch()
    expect(await agrees(child, 'z/')).toBe(false)
    child.store('bank').delete(b('z/1'))
    child.store('bank').delete(b('r/1'))
    // Deletions in the overlay may hide everything below: not known without iterating.
    expect(await agrees(child, 'r/')).toBeUndefined()
    expect(await agrees(child, 'q/')).toBe(true)
    // Every deleted key among many cannot be looked at from memory for free.
    const many = vs.branch()
    for (let i = 0; i < 40; i++) many.store('bank').set(b(`m/${i}`), b('1'))
    await commitNext(vs, many)
    const gone = vs.branch()
    for (let i = 0; i < 40; i++) gone.store('bank').delete(b(`m/${i}`))
    await commitNext(vs, gone)
    expect(await agrees(vs.branch(), 'm/')).toBeUndefined()
  })

  test('behavior: iteration over more entries than one read batch', async () => {
    const vs = await setup()
    const br = vs.branch()
    for (let i = 0; i < 700; i++)
      br.store('bank').set(b(`k/${String(i).padStart(4, '0')}`), b(`${i}`))
    await commitNext(vs, br)
    const all = await collect(vs.view(1).store('bank').iterate())
    expect(all).toHaveLength(700)
    expect(all[0]).toBe('k/0000=0')
    expect(all[699]).toBe('k/0699=699')
    const rev = await collect(vs.view(1).store('bank').iterate({ reverse: true }))
    expect(rev[0]).toBe('k/0699=699')
    expect(rev).toHaveLength(700)
    // A branch over the working state reads the same batches; bounded, and stopped early.
    const bank = vs.branch().store('bank')
    expect(await collect(bank.iterate())).toEqual(all)
    const bounded = await collect(bank.iterate({ gte: b('k/0250'), lt: b('k/0520') }))
    expect(bounded).toHaveLength(270)
    expect([bounded[0], bounded[269]]).toEqual(['k/0250=250', 'k/0519=519'])
    const it = bank.iterate({ gte: b('k/0600') })[Symbol.asyncIterator]()
    expect((await it.next()).value?.[1]).toEqual(b('600'))
    await it.return?.()
    expect((await it.next()).done).toBe(true)
  })
}
