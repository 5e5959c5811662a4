// Copies the .proto sources next to the compiled code (the node loads them at start-up) and writes
// their precompiled form, dist/proto/registry.json, which the registry loads instead of parsing.
import { chmodSync, cpSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

rmSync('dist/proto', { recursive: true, force: true })
cpSync('src/proto', 'dist/proto', { recursive: true })
chmodSync('dist/cli/main.js', 0o755)
const { parseProtoSources, REGISTRY_JSON } = await import('../dist/codec/proto.js')
const root = parseProtoSources(resolve('dist/proto'))
writeFileSync(`dist/proto/${REGISTRY_JSON}`, JSON.stringify(root.toJSON()))
