import { describe, expect, test } from 'vitest'
import { cleanTarget } from './clean-path.js'

describe('cleanTarget', () => {
  test("behavior: gorilla/mux's redirect (the REST server): the decoded path cleaned, the location escaped as Go's URL", () => {
    // Each location as gorilla/mux v1.8.0's router writes it for the same request line.
    const cases: [string, string | undefined][] = [
      ['/sdk/bank/v1beta1/params', undefined],
      ['/sdk/a%20b?x=%zz', undefined],
      ['//sdk/bank/v1beta1/params?x=1&y=%3C', '/sdk/bank/v1beta1/params?x=1&y=%3C'],
      ['/x%2F..%2Fy?a=1', '/y?a=1'],
      ['/%2E%2E/health', '/health'],
      ['/sdk/./b%2Fc', '/sdk/b/c'],
      ['//health%21', '/health%21'],
      ['//a!b', '/a%21b'],
      ['//a%41', '/aA'],
      ['//a%22b', '/a%22b'],
      ['/a%20b/../health', '/health'],
      ['//a?', '/a?'],
      ['//a??', '/a??'],
      ['/a//b?x=%zz', '/a/b?x=%zz'],
    ]
    for (const [target, location] of cases)
      expect(cleanTarget(target, 'gorilla'), target).toBe(location)
  })

  test("behavior: net/http's ServeMux redirect (the RPC server): the escaped path as sent cleaned, escaped again", () => {
    // Each location as CometBFT v0.38's RPC (Go 1.22 on) answers the same request line.
    const cases: [string, string | undefined][] = [
      ['/status', undefined],
      ['/x%2F..%2Fstatus?a=1', undefined],
      ['/%2E%2E/health', undefined],
      ['//block?height=3&x=%3C', '/block?height=3&x=%3C'],
      ['//health%21', '/health%2521'],
      ['//a!b', '/a%21b'],
      ['//a%41', '/a%2541'],
      ['/a%20b/../health', '/health'],
      ['//a?', '/a'],
    ]
    for (const [target, location] of cases)
      expect(cleanTarget(target, 'servemux'), target).toBe(location)
  })
})
