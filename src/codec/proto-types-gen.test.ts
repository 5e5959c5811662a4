import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { PROTO_DIR, parseProtoSources } from './proto-sources.js'
import { protoTypesSource } from './proto-types-gen.js'

test('behavior: the committed proto types are what the .proto sources give (else: npm run proto:types)', () => {
  const committed = readFileSync(new URL('./generated/proto-types.ts', import.meta.url), 'utf8')
  expect(committed === protoTypesSource(parseProtoSources(PROTO_DIR))).toBe(true)
})
