// Writes the TypeScript types of the .proto sources (src/codec/generated/proto-types.ts) from the
// built generator: `npm run proto:types` after changing a .proto file. The file is committed, so a
// fresh clone typechecks before any build; a test fails while it differs from what the protos give.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseProtoSources } from '../dist/codec/proto-sources.js'
import { PROTO_TYPES_FILE, protoTypesSource } from '../dist/codec/proto-types-gen.js'

const file = resolve(PROTO_TYPES_FILE)
mkdirSync(dirname(file), { recursive: true })
writeFileSync(file, protoTypesSource(parseProtoSources(resolve('src/proto'))))
console.log(`wrote ${PROTO_TYPES_FILE}`)
